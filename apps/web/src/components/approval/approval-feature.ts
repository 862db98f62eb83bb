import type { Action } from '@tkc/contracts/access/permissions';
import type { ListQuery } from '@tkc/contracts/list-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { ComponentType } from 'react';

// The two-person approval workflow the Signer and Certificate CAP share (docs/signer.md#web,
// docs/crt.md#web): someone asks, a manager of the company approves or rejects, the server makes
// the file. The shared pages read only these fields; a feature says the rest in its config.

/** What every request has in a list. */
export type ApprovalRow = {
  id: string;
  status: string;
  company_code: string;
  requester_email: string;
  comment: string;
  created_at: string;
};

/** A stored failure: an error code of the catalogue when there is one, and its English text. */
type ApprovalFailure = {
  code: string | null;
  params: Record<string, string | number>;
  message: string;
};

/** What every request has in its detail. */
export type ApprovalDetail = ApprovalRow & {
  decider_email: string | null;
  decided_at: string | null;
  reason: string | null;
  failure: ApprovalFailure | null;
  history: { at: string; event: string; actor_email: string; note: string }[];
  /** The file the approval made (the signed file, the CAP), once made. */
  output: { file_name: string; size: number } | null;
  can_decide: boolean;
  can_download: boolean;
};

// The parts of TanStack Query's results the pages use: a feature's hooks fit as they are.
type Query<T> = { data: T | undefined; error: unknown; isPending: boolean; isFetching: boolean };
export type ApprovalMutation<A> = {
  isPending: boolean;
  mutateAsync: (args: A) => Promise<unknown>;
};

/**
 * One feature's side of the workflow. The config is a module constant, so its hooks are called
 * in the same order on every render.
 */
export type ApprovalFeature<Row extends ApprovalRow, Detail extends Row & ApprovalDetail> = {
  /**
   * The i18next namespace with the workflow's keys (page.*, list.*, status.*, detail.*,
   * decision.*, history.*, actions.*, form.commentTooLong), also the prefix of the detail's
   * heading ids ('signer-history').
   */
  namespace: string;
  /** Who may ask, who decides, and who reads every company's requests. */
  permissions: { request: Action; approve: Action; view: Action };
  /** Every status, in the status filter's order. */
  statuses: readonly Row['status'][];
  StatusBadge: ComponentType<{ status: Row['status'] }>;
  /** The request's name in the detail's title and the list's open button. */
  nameOf: (request: Row) => string;
  /** The list's columns that say what a request is, between the date and the status. */
  useColumns: () => DataTableColumn<Row>[];
  useRequests: (query: {
    list: ListQuery;
    view: 'mine' | 'all';
    statuses: readonly Row['status'][];
  }) => Query<{ data: Row[]; total: number }>;
  useRequest: (id: string | null) => Query<Detail>;
  useApprove: () => ApprovalMutation<{ id: string; note: string }>;
  useReject: () => ApprovalMutation<{ id: string; reason: string }>;
  /** The made file (the signed file, the CAP), saved under its served name. */
  useDownload: () => ApprovalMutation<{ id: string; fallbackName: string }>;
};
