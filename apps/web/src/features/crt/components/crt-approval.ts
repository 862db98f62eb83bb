import {
  CRT_REQUEST_STATUSES,
  type CrtRequestDetail,
  type CrtRequestRow,
} from '@tkc/contracts/api/crt-requests';
import type { ApprovalFeature } from '@/components/approval/approval-feature';
import { useApproveCrtRequest, useRejectCrtRequest } from '../api/crt-writes';
import { useDownloadRequestCap } from '../api/downloads';
import { useCrtRequest, useCrtRequests, useKcgRequests } from '../api/get-crt-requests';
import { RequestStatusBadge } from './badges';
import { useRequestColumns } from './request-columns';

/**
 * Certificate CAP in the shared approval pages (docs/crt.md#web): its 'crt' words and
 * permissions, a request named by its label (the group's name, or the first serial number), and
 * the CAP to download. Both tools' requests are listed and decided alike.
 */
export const crtApproval: ApprovalFeature<CrtRequestRow, CrtRequestDetail> = {
  namespace: 'crt',
  permissions: { request: 'crt.request', approve: 'crt.approve', view: 'crt.view' },
  statuses: CRT_REQUEST_STATUSES,
  StatusBadge: RequestStatusBadge,
  nameOf: (request) => request.label,
  useColumns: useRequestColumns,
  useRequests: useCrtRequests,
  useRequest: useCrtRequest,
  useApprove: useApproveCrtRequest,
  useReject: useRejectCrtRequest,
  useDownload: useDownloadRequestCap,
};

/** The same, listing only the groups (the Key Certificate Group page). */
export const kcgApproval: typeof crtApproval = { ...crtApproval, useRequests: useKcgRequests };
