// Calibration for the API part: Express 5 answering a fixed text to every request, nothing else. What any Express app
// pays on this machine before doing any work.
import express from 'express';

const app = express();
app.use((_req, res) => {
  res.send('hello');
});
const server = app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
