import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { languagePaths, type ApiError, type Language, type LanguagePack } from '@plataforma/adapter';
import type { UploadOptions } from '@plataforma/adapter/client';
import { api } from '../../shared/api';

/** The language packs' query keys (SPEC §2.3 language page). */
export const languageKeys = { all: ['cms', languagePaths.cms] as const };

/** Each code's pack: its current file, the previous one, its version and last check. */
export const languagesQuery = queryOptions<LanguagePack[], ApiError>({
  queryKey: languageKeys.all,
  queryFn: () => api.cms.languages.list(),
});

export const useLanguages = () => useQuery(languagesQuery);

/** Puts a pack the server answered into the list at once (its check shows without waiting for the reload), then reloads. */
const useApply = () => {
  const queryClient = useQueryClient();
  return (pack: LanguagePack) => {
    queryClient.setQueryData<LanguagePack[]>(languageKeys.all, (packs) => packs?.map((one) => (one.code === pack.code ? pack : one)));
    return queryClient.invalidateQueries({ queryKey: languageKeys.all });
  };
};

/** Uploads a pack file (multipart `file`) with its progress and cancellation. */
export const useUploadLanguage = () => {
  const apply = useApply();
  return useMutation({
    mutationFn: ({ code, file, upload }: { code: Language; file: File; upload?: UploadOptions }) =>
      api.cms.languages.upload(code, file, upload),
    onSuccess: (answer) => apply(answer.data),
  });
};

/** Puts a code's previous file back. */
export const useRollbackLanguage = () => {
  const apply = useApply();
  return useMutation({
    mutationFn: (code: Language) => api.cms.languages.rollback(code),
    onSuccess: (answer) => apply(answer.data),
  });
};
