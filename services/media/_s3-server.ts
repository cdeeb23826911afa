import S3rver from 's3rver';
import { tempDataDir } from '@dayframe/test-kit';
import type { S3Settings } from './storage/s3-storage.ts';

/** An S3-protocol server on a free loopback port, with one empty bucket, for one test file. */
export async function startTestS3(): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const dir = tempDataDir();
  const bucket = 'dayframe-media-test';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir.dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      dir.remove();
    },
  };
}
