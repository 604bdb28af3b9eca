import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * One full garbage collection of the calling thread. Start-up (PGlite unpacking its file system, the
 * migrations, the administrator's scrypt hash) leaves hundreds of megabytes of garbage that an idle
 * server does not collect for a minute or more; collecting it once, when start-up is over, gives it back.
 */
export function releaseStartupMemory(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
