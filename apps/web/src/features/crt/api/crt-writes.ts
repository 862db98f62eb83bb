import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateResponse, type RevokeBody } from '@tkc/contracts/api/crt';
import {
  type CrtRequestBody,
  crtRequestResponse,
  type KcgRequestBody,
} from '@tkc/contracts/api/crt-requests';
import { apiRequest } from '@/lib/api-client';
import { crtQueryKey } from './get-crt-data';

// The writes of Certificate CAP (docs/crt.md#api): request (a Certificate CAP or a group),
// approve, reject, revoke. Each refreshes every query of the feature.

const post = async <B>(path: string, body: B) =>
  (await apiRequest(path, { method: 'POST', body, schema: crtRequestResponse, auth: 'required' }))
    .data;

const createCrtRequest = (body: CrtRequestBody) => post('/crt/requests', body);
const createKcgRequest = (body: KcgRequestBody) => post('/kcg/requests', body);
const approveCrtRequest = ({ id, note }: { id: string; note: string }) =>
  post(`/crt/requests/${encodeURIComponent(id)}/approve`, { note: note.trim() });
const rejectCrtRequest = ({ id, reason }: { id: string; reason: string }) =>
  post(`/crt/requests/${encodeURIComponent(id)}/reject`, { reason: reason.trim() });

async function revokeCertificate({ id, ...body }: RevokeBody & { id: string }) {
  const answer = await apiRequest(`/crt/certificates/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    body,
    schema: certificateResponse,
    auth: 'required',
  });
  return answer.data;
}

function useCrtMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: crtQueryKey }),
  });
}

export const useCreateCrtRequest = () => useCrtMutation(createCrtRequest);
export const useCreateKcgRequest = () => useCrtMutation(createKcgRequest);
export const useApproveCrtRequest = () => useCrtMutation(approveCrtRequest);
export const useRejectCrtRequest = () => useCrtMutation(rejectCrtRequest);
export const useRevokeCertificate = () => useCrtMutation(revokeCertificate);
