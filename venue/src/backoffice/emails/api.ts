import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailPaths, type EmailMessage, type EmailStatus } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { resourceApi } from '../api';
import type { TableQuery } from '../ui/DataTable';

/** 'E-mails' (decision 081): every message, read only but for 'Reenviar'. */
const emails = resourceApi<EmailMessage>(emailPaths.cms);

export const emailKeys = emails.keys;

/** The rows of a table state, narrowed by a status. */
export const emailsListQuery = (query: TableQuery, status: EmailStatus | null) => emails.listQuery(query, status ? { status } : {});

/** 'Reenviar': a failed message queued again; the list reloads. */
export const useResendEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.cms.emails.resend(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
};
