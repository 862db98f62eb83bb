import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-raw';

// The files of Certificate CAP, saved under their served names: a request's CAP (a group, or a
// one-terminal request), one terminal's CAP, and a company CA's CRL.

const downloadRequestCap = ({ id, fallbackName }: { id: string; fallbackName: string }) =>
  apiDownload(`/crt/requests/${encodeURIComponent(id)}/download`, fallbackName);

const downloadCertificateCap = ({ id, sn }: { id: string; sn: string }) =>
  apiDownload(`/crt/certificates/${encodeURIComponent(id)}/cap`, `${sn}-certificate.cap`);

const downloadCrl = ({ companyId, code }: { companyId: string; code: string }) =>
  apiDownload(`/crt/authorities/${encodeURIComponent(companyId)}/crl`, `${code}.crl`);

export const useDownloadRequestCap = () => useMutation({ mutationFn: downloadRequestCap });
export const useDownloadCertificateCap = () => useMutation({ mutationFn: downloadCertificateCap });
export const useDownloadCrl = () => useMutation({ mutationFn: downloadCrl });
