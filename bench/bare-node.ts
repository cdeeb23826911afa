// The floor for figure 1: a bare `node:http` hello-world in its own process, nothing between the
// socket and the answer. The "0.09× of bare node:http" is measured against this. `PORT`.
import { createServer } from 'node:http';

const body = Buffer.from('Hello World');
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
