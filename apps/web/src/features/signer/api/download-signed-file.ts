import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-raw';

// GET /signer/requests/{id}/download: the signed file, saved under its served name.

const downloadSignedFile = ({ id, fallbackName }: { id: string; fallbackName: string }) =>
  apiDownload(`/signer/requests/${encodeURIComponent(id)}/download`, fallbackName);

export const useDownloadSignedFile = () => useMutation({ mutationFn: downloadSignedFile });
