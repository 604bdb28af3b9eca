// A thread of the PDF pool (pdf-pool.ts). Laying out a PDF is seconds of synchronous work for a long
// certificate (issue 51: 40 at once held a simple GET for up to 722 ms); here it takes this thread's time,
// not the server's. The server thread reads the database and sends plain data; this thread only lays it
// out with the documents' own builders and sends the file back.
import { parentPort } from 'node:worker_threads';
import { certificatePdf } from '../certificates/documents';
import { claimCertificatePdf, slipsPdf } from '../participation-codes/documents';
import { participantListPdf, tripSheetPdf } from '../printouts/documents';

/** Every PDF the platform makes, by the name the server asks for it. */
const builders = {
  certificate: certificatePdf,
  participantList: participantListPdf,
  tripSheet: tripSheetPdf,
  slips: slipsPdf,
  claimCertificate: claimCertificatePdf,
} as const;

export type PdfBuilders = typeof builders;
export type PdfKind = keyof PdfBuilders;

/** From the server thread: one document to lay out. */
export interface PdfTask {
  kind: PdfKind;
  args: unknown[];
}
/** To the server thread: the file, or why it could not be made. */
export type PdfOutcome = { file: Uint8Array } | { error: string };

if (!parentPort) throw new Error('pdf-worker.ts runs as a worker thread only');
const server = parentPort;

server.on('message', async ({ kind, args }: PdfTask) => {
  try {
    // The server thread typed the arguments against the builder it names (PdfPool.render); the call
    // itself cannot be typed for a union of builders.
    const build = builders[kind] as (...input: unknown[]) => Promise<Buffer>;
    const file = await build(...args);
    // A file in memory of its own is handed over, not copied; a slice of shared memory is copied first.
    const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
    const bytes = whole ? new Uint8Array(file.buffer as ArrayBuffer) : new Uint8Array(file);
    server.postMessage({ file: bytes } satisfies PdfOutcome, [bytes.buffer]);
  } catch (error) {
    const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
    server.postMessage({ error: reason } satisfies PdfOutcome);
  }
});
