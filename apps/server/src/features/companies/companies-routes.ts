import type { Readable } from 'node:stream';
import { okEmpty } from '@tkc/contracts/api/common';
import {
  COMPANY_SORT_COLUMNS,
  companyBody,
  companyLicencesResponse,
  companyListResponse,
  companyPatchBody,
  companyResponse,
  type ImportProgress,
  idParam,
  importReport,
  SN_SORT_COLUMNS,
  snBody,
  snListResponse,
  snParams,
} from '@tkc/contracts/api/management';
import { listQuerySchema } from '@tkc/contracts/list-query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../lib/errors';
import { progressReply } from '../../plugins/progress-reply';
import { allow } from '../../plugins/route-access';
import { type ActorDeps, actorContext } from '../access/actor-service';
import {
  addSerialNumber,
  type CompaniesDeps,
  createCompany,
  getCompany,
  getCompanyLicences,
  importCompanySerialNumbers,
  listCompanyOverview,
  listCompanySerialNumbers,
  removeSerialNumber,
  updateCompany,
} from './companies-service';

const tags = ['companies'];

export function companiesRoutes(deps: CompaniesDeps & ActorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // A CSV upload is read as a stream, line by line, never buffered whole.
    app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

    app.get(
      '/companies',
      {
        config: allow('company.view'),
        schema: {
          tags,
          querystring: listQuerySchema(COMPANY_SORT_COLUMNS),
          response: { 200: companyListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listCompanyOverview(deps, await actorContext(deps, request), request.query),
      }),
    );
    app.post(
      '/companies',
      {
        config: allow('company.edit'),
        schema: { tags, body: companyBody, response: { 200: companyResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Company created',
        data: await createCompany(deps, await actorContext(deps, request), request.body),
      }),
    );
    app.get(
      '/companies/:id',
      {
        config: allow('company.view'),
        schema: { tags, params: idParam, response: { 200: companyResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getCompany(deps, await actorContext(deps, request), request.params.id),
      }),
    );
    app.get(
      '/companies/:id/licences',
      {
        config: allow('company.licences.view'),
        schema: { tags, params: idParam, response: { 200: companyLicencesResponse } },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await getCompanyLicences(deps, await actorContext(deps, request), request.params.id),
      }),
    );
    app.patch(
      '/companies/:id',
      {
        config: allow('company.edit'),
        schema: {
          tags,
          params: idParam,
          body: companyPatchBody,
          response: { 200: companyResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'Company updated',
        data: await updateCompany(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.get(
      '/companies/:id/sn',
      {
        config: allow('company.view'),
        schema: {
          tags,
          params: idParam,
          querystring: listQuerySchema(SN_SORT_COLUMNS),
          response: { 200: snListResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        msg: 'OK',
        data: await listCompanySerialNumbers(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.query,
        ),
      }),
    );
    app.post(
      '/companies/:id/sn',
      {
        config: allow('company.edit'),
        schema: { tags, params: idParam, body: snBody, response: { 200: okEmpty } },
      },
      async (request) => {
        await addSerialNumber(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.body.sn,
        );
        return { status: 200 as const, msg: 'Serial number added' };
      },
    );
    app.delete(
      '/companies/:id/sn/:snId',
      {
        config: allow('company.edit'),
        schema: { tags, params: snParams, response: { 200: okEmpty } },
      },
      async (request) => {
        await removeSerialNumber(
          deps,
          await actorContext(deps, request),
          request.params.id,
          request.params.snId,
        );
        return { status: 200 as const, msg: 'Serial number deleted' };
      },
    );
    app.post(
      '/companies/:id/sn/import',
      {
        config: allow('company.edit'),
        schema: {
          tags,
          params: idParam,
          description:
            'Body: a CSV file (Content-Type: text/csv), one serial number per line in the first column.',
          response: { 200: importReport },
        },
      },
      async (request, reply) => {
        if (!request.headers['content-type']?.startsWith('text/csv')) {
          throw fail('sn.import_not_csv');
        }
        // With Accept: application/x-ndjson the page gets a running count (docs/api.md#progress).
        const progress = progressReply<ImportProgress>(request, reply);
        try {
          const report = await importCompanySerialNumbers(
            deps,
            await actorContext(deps, request),
            request.params.id,
            request.body as Readable,
            progress.report,
          );
          return progress.finish({ status: 200 as const, msg: 'Import finished', data: report });
        } catch (error) {
          return progress.fail(error);
        }
      },
    );
  };
}
