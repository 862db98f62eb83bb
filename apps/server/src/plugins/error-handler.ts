import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

type ValidationEntry = { instancePath?: string; message?: string };

/** "email: Wrong email format" — the field and the schema's own message. */
function validationMessage(entries: ValidationEntry[], context: string | undefined): string {
  const first = entries[0];
  if (!first) return 'Request is not valid';
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is not valid';
  if (field) return `${field}: ${message}`;
  return context === 'body' && /expected object/i.test(message)
    ? 'Request body must be a JSON object'
    : message;
}

/**
 * One place that turns every failure into `{status, msg}`: typed errors keep their status and
 * text, validation names the field, and anything unexpected is a 500 whose detail stays in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, status: error.statusCode, msg: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      // A malformed id cannot name anything: the same answer as an unknown one.
      return reply.code(404).send({ status: 404, msg: 'Not Found' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const msg = validationMessage(error.validation as ValidationEntry[], error.validationContext);
      return reply.code(400).send({ status: 400, msg });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply.code(500).send({ status: 500, msg: 'Server Error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && reply.getHeader('retry-after') === undefined)
        reply.header('retry-after', '60');
      return reply.code(status).send({ status, msg: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 500, msg: 'Server Error' });
  });
}
