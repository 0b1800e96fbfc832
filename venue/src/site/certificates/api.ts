import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError, CertificateStatus, CertificateVerification } from '@plataforma/adapter';
import { saveBlob } from '../../shared/download';
import { api } from '../../shared/api';

/** Query keys of the attendance certificates (decision 050). */
export const certificateKeys = {
  all: ['certificates'] as const,
  status: (eventId: number) => ['certificates', 'status', eventId] as const,
  verify: (code: string) => ['certificates', 'verify', code] as const,
};

/** The signed-in client's standing for an event: watched, required, eligible, the certificate once issued. */
export const certificateStatusQuery = (eventId: number) =>
  queryOptions<CertificateStatus, ApiError>({
    queryKey: certificateKeys.status(eventId),
    queryFn: () => api.site.certificates.status(eventId),
  });

export const useCertificateStatus = (eventId: number) => useQuery(certificateStatusQuery(eventId));

/** Issues the certificate (the same one again once issued); the status then carries it. */
export const useIssueCertificate = (eventId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.site.certificates.issue({ eventId }),
    onSuccess: (answer) => {
      client.setQueryData<CertificateStatus>(certificateKeys.status(eventId), (status) =>
        status ? { ...status, certificate: answer.data } : status,
      );
    },
  });
};

/** The holder's PDF: fetched with the client's token (a plain link cannot carry it), then saved. */
export const downloadCertificate = async (code: string): Promise<void> => {
  const response = await api.http.request<BlobPart>({
    method: 'GET',
    url: api.site.certificates.pdfUrl(code),
    responseType: 'blob',
    timeout: 0,
  });
  saveBlob(response.data, 'application/pdf', `certificado-${code}.pdf`);
};

/** The public verification of a code (no session). */
export const certificateVerifyQuery = (code: string) =>
  queryOptions<CertificateVerification, ApiError>({
    queryKey: certificateKeys.verify(code),
    queryFn: () => api.site.certificates.verify(code),
    retry: false,
  });
