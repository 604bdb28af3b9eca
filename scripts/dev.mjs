// `npm run dev`: the API restarts on every server change (tsx watch) and Vite serves the web app with hot
// reload on http://127.0.0.1:5173, passing /api to the API on PORT (3000 by default).
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
});
// Tooling, not the app: the API itself reads PORT through src/server/config.ts.
const apiPort = process.env.PORT || '3000';
const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
});
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
