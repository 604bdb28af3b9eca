// The journeys' server, sending its e-mail over SMTP to a real SMTP server (the smtp-server package)
// that this script runs beside it: every letter a journey reads has gone out through the app's SMTP
// transport, as in production. The SMTP server writes each letter it receives as an .eml file into
// DATA_DIR/mail, the folder e2e/support/mailbox.ts reads.
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const mailFolder = path.join(process.env.DATA_DIR ?? '', 'mail');
let received = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      // Made with the first letter, not before: the server refuses to start on a data folder that holds
      // files but no database.
      mkdirSync(mailFolder, { recursive: true });
      // The moment first, as the app's own file transport names them: a listing is in the order received.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailFolder, `${stamp}-smtp-${String(received).padStart(6, '0')}.eml`);
      // Written whole under another name, then renamed: a reader never sees half a letter.
      writeFileSync(`${file}.partial`, Buffer.concat(chunks));
      renameSync(`${file}.partial`, file);
      callback();
    });
  },
});

smtp.listen(0, '127.0.0.1', () => {
  const { port } = smtp.server.address();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}` },
  });
  const stop = (signal) => server.kill(signal);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  server.on('exit', (code, signal) => {
    smtp.close(() => process.exit(code ?? (signal ? 1 : 0)));
  });
});
