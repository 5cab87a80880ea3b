// Calibration for the API part: Express 5 answering a fixed text to every request, nothing else. What any Express app
// pays on this machine before doing any work — on a plain node:http server (`app.listen`), or, with APP_SERVER=true, on
// the server ours runs on (server/lib/http-server.ts), whose requests already carry the app's prototypes.
import express from 'express';
import { createAppServer } from '../../server/lib/http-server';

const app = express();
app.use((_req, res) => {
  res.send('hello');
});
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const server = process.env.APP_SERVER === 'true' ? createAppServer(app).listen(port, host) : app.listen(port, host);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
