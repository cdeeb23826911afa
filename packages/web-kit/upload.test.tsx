import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from './upload.ts';
import { whenSessionEnds } from './api-client.ts';
import { isApiError } from './api-error.ts';

// A real HTTP server and jsdom's real XMLHttpRequest: what the upload sends is what arrives.
let server: Server;
let base = '';
const received: { auth?: string; type?: string; body: string }[] = [];

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('latin1')));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, Accept');
    if (request.method === 'OPTIONS') return response.end();
    if (request.url === '/api/slow') return; // never answers: only a cancel ends it
    const text = await body(request);
    received.push({
      auth: request.headers.authorization,
      type: request.headers['content-type'],
      body: text,
    });
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/api/refused') {
      response.statusCode = 415;
      return response.end(
        JSON.stringify({ message: "This kind of file can't be added.", code: 'unsupported' }),
      );
    }
    if (request.url === '/api/ended') {
      response.statusCode = 401;
      return response.end(JSON.stringify({ message: 'Session ended', code: 'unauthorized' }));
    }
    response.statusCode = 201;
    response.end(JSON.stringify({ id: 'abc', bytes: text.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('uploadFile', () => {
  it('sends the file as multipart with the stored token and reports progress', async () => {
    localStorage.setItem('token', 'tok-1');
    const progress: number[] = [];
    const answer = await uploadFile<{ id: string }>(
      '/media',
      new File(['x'.repeat(50_000)], 'day.png', { type: 'image/png' }),
      {
        baseUrl: base,
        onProgress: (sent) => progress.push(sent),
      },
    );
    expect(answer.id).toBe('abc');
    const sent = received.at(-1)!;
    expect(sent.auth).toBe('Bearer tok-1');
    expect(sent.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="file"; filename="day.png"');
    expect(progress.length).toBeGreaterThan(0);
  });

  it("rejects with the server's message and code", async () => {
    const error = await uploadFile('/refused', new Blob(['x']), { baseUrl: base }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error, 415)).toBe(true);
    expect(error).toMatchObject({
      message: "This kind of file can't be added.",
      code: 'unsupported',
      fromServer: true,
    });
  });

  it('cancels on abort with an AbortError', async () => {
    const controller = new AbortController();
    const upload = uploadFile('/slow', new Blob(['x'.repeat(100_000)]), {
      baseUrl: base,
      signal: controller.signal,
    });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends the session on a 401 for the stored token instead of failing', async () => {
    localStorage.setItem('token', 'tok-old');
    const ended: string[] = [];
    const stop = whenSessionEnds((token) => ended.push(token));
    const controller = new AbortController();
    const upload = uploadFile('/ended', new Blob(['x']), {
      baseUrl: base,
      signal: controller.signal,
    });
    await expect.poll(() => ended).toEqual(['tok-old']);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    stop();
  });
});
