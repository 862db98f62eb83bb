import { SIGNER_STATUSES, type SignerDetail, type SignerRow } from '@tkc/contracts/api/signer';
import type { ApprovalFeature } from '@/components/approval/approval-feature';
import { useApproveSignRequest } from '../api/approve-sign-request';
import { useDownloadSignedFile } from '../api/download-signed-file';
import { useSignRequest } from '../api/get-sign-request';
import { useSignRequests } from '../api/get-sign-requests';
import { useRejectSignRequest } from '../api/reject-sign-request';
import { useRequestColumns } from './request-columns';
import { StatusBadge } from './status-badge';

/**
 * The Signer in the shared approval pages (docs/signer.md#web): its 'signer' words and
 * permissions, a request named by its file, and the signed file to download.
 */
export const signerApproval: ApprovalFeature<SignerRow, SignerDetail> = {
  namespace: 'signer',
  permissions: { request: 'signer.request', approve: 'signer.approve', view: 'signer.view' },
  statuses: SIGNER_STATUSES,
  StatusBadge,
  nameOf: (request) => request.file_name,
  useColumns: useRequestColumns,
  useRequests: useSignRequests,
  useRequest: useSignRequest,
  useApprove: useApproveSignRequest,
  useReject: useRejectSignRequest,
  useDownload: useDownloadSignedFile,
};
