import { codedIssueOf } from '@tkc/contracts/api/coded-issue';
import {
  API_ERRORS,
  type ApiErrorCode,
  type ErrorParams,
  errorText,
} from '@tkc/contracts/api/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, fromFormatError, isFormatError } from '../lib/errors';

type ValidationEntry = { instancePath?: string; message?: string; params?: { params?: unknown } };

/** The coded answer of a failed validation: the field and the schema's own message. */
function validationError(
  entries: ValidationEntry[],
  context: string | undefined,
): { code: ApiErrorCode; params: ErrorParams } {
  const first = entries[0];
  if (!first) return { code: 'request.rejected', params: {} };
  // A rule that names its own error (codedIssue in the contracts: an oversized key file is 413).
  for (const entry of entries) {
    const coded = codedIssueOf(entry.params?.params);
    if (coded) return coded;
  }
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is not valid';
  if (!field && context === 'body' && /expected object/i.test(message)) {
    return { code: 'request.not_object', params: {} };
  }
  return { code: 'request.invalid', params: { field, message } };
}

/** What Fastify's own refusals (content type, size, malformed headers) mean for the client. */
function frameworkCode(status: number): ApiErrorCode {
  if (status === 413) return 'request.too_large';
  if (status === 415) return 'request.unsupported_type';
  if (status === 429) return 'request.rate_limited';
  if (status === 404) return 'request.not_found';
  return 'request.rejected';
}

export function sendError(
  reply: FastifyReply,
  code: ApiErrorCode,
  params: ErrorParams = {},
  status: number = API_ERRORS[code].status,
  extra: Record<string, unknown> = {},
  msg: string = errorText(code, params),
) {
  return reply.code(status).send({ ...extra, status, msg, code, params });
}

/** An error's answer: status, body `{status, msg, code, params}` and headers to set. */
export type ErrorAnswer = {
  status: number;
  body: { status: number; msg: string; code: ApiErrorCode; params: ErrorParams } & Record<
    string,
    unknown
  >;
  headers: Record<string, string>;
};

const answer = (
  code: ApiErrorCode,
  params: ErrorParams = {},
  status: number = API_ERRORS[code].status,
  extra: Record<string, unknown> = {},
  msg: string = errorText(code, params),
  headers: Record<string, string> = {},
): ErrorAnswer => ({ status, body: { ...extra, status, msg, code, params }, headers });

/**
 * One place that turns every failure into `{status, msg, code, params}`: typed errors keep their
 * code, validation names the field, and anything unexpected is a 500 whose detail stays in the log.
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (isFormatError(error)) {
    const coded = fromFormatError(error);
    return answer(coded.code, coded.params, coded.statusCode, {}, coded.message);
  }
  if (error instanceof AppError) {
    return answer(
      error.code,
      error.params,
      error.statusCode,
      error.extra,
      error.message,
      error.headers,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
    // A malformed id cannot name anything: the same answer as an unknown one.
    return answer('request.not_found');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const { code, params } = validationError(
      error.validation as ValidationEntry[],
      error.validationContext,
    );
    return answer(code, params);
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause.issues },
      'response did not match its schema',
    );
    return answer('server.error');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return answer(frameworkCode(status), {}, status);
  request.log.error({ err: error }, 'request failed');
  return answer('server.error');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, headers } = errorAnswer(error, request);
    reply.headers(headers);
    const isFramework429 = status === 429 && !(error instanceof AppError);
    if (isFramework429 && reply.getHeader('retry-after') === undefined)
      reply.header('retry-after', '60');
    return reply.code(status).send(body);
  });
}
