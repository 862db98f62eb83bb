import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer } from './error-handler';

// A long request that says how far it has got (docs/api.md#progress). A client that accepts
// application/x-ndjson gets, once the work has begun, a stream of JSON lines: `{"progress": ...}`
// lines, then one last line holding the very body a plain answer would carry (`{status, msg,
// data}`, or `{status, msg, code, params}` for a failure). Anything that fails before the first
// progress line (access, a foreign id, a refused body) keeps its own HTTP status. Other clients
// get the plain JSON answer and no progress.

const PROGRESS_TYPE = 'application/x-ndjson';

export type ProgressReply<P> = {
  /** Sends one progress line (the first one starts the stream). */
  report: (progress: P) => void;
  /** The final body: returned as it is when nothing was streamed, else written as the last line. */
  finish: <B extends { status: number }>(body: B) => B | FastifyReply;
  /** A failure: rethrown when nothing was streamed (the error handler answers), else the last line. */
  fail: (error: unknown) => FastifyReply;
};

export function progressReply<P>(request: FastifyRequest, reply: FastifyReply): ProgressReply<P> {
  const isWanted = (request.headers.accept ?? '').includes(PROGRESS_TYPE);
  let stream: PassThrough | undefined;
  // A client gone mid-way destroys the stream: the work still finishes (and commits or not), unheard.
  const writeLine = (value: unknown) => {
    if (stream && !stream.destroyed && !stream.writableEnded)
      stream.write(`${JSON.stringify(value)}\n`);
  };
  return {
    report(progress) {
      if (!isWanted) return;
      if (!stream) {
        stream = new PassThrough();
        stream.on('error', () => {});
        void reply.code(200).type(PROGRESS_TYPE).send(stream);
      }
      writeLine({ progress });
    },
    finish(body) {
      if (!stream) return body;
      writeLine(body);
      if (!stream.destroyed) stream.end();
      return reply;
    },
    fail(error) {
      if (!stream) throw error;
      writeLine(errorAnswer(error as FastifyError, request).body);
      if (!stream.destroyed) stream.end();
      return reply;
    },
  };
}
