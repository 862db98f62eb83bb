import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-raw';

// GET /cap/caps/{id}/download: the built CAP file, saved under its served name.

export const downloadCap = ({ id, fallbackName }: { id: string; fallbackName: string }) =>
  apiDownload(`/cap/caps/${encodeURIComponent(id)}/download`, fallbackName);

export const useDownloadCap = () => useMutation({ mutationFn: downloadCap });
