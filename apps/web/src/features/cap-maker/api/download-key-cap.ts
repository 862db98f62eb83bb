import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-raw';

// GET /cap/key-caps/{id}/download: the Key CAP file, saved under its served name.

const downloadKeyCap = ({ id, fallbackName }: { id: string; fallbackName: string }) =>
  apiDownload(`/cap/key-caps/${encodeURIComponent(id)}/download`, fallbackName);

export const useDownloadKeyCap = () => useMutation({ mutationFn: downloadKeyCap });
