import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ApiError } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';

/** A list page's message panel: nothing yet, nothing matches, or a failure. */
export const EmptyPanel = styled.div`
  padding: 28px;
  border-radius: 12px;
  background: rgba(255, 255, 255, 0.05);
  text-align: center;
  p {
    margin: 0 0 14px;
  }
  p:last-child {
    margin: 0;
  }
`;

export interface ListQuery {
  isPending: boolean;
  isSuccess: boolean;
  error: ApiError | null;
  refetch: () => unknown;
}

/**
 * What a venue list page shows before its rows (the programme, the speakers', the exhibitors'
 * directories): the spinner while loading, the translated failure with 'Tentar de novo', and the
 * page's own words when the list is empty.
 */
export const ListStates = ({ query, empty, emptyText }: { query: ListQuery; empty: boolean; emptyText: string }) => {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending && <Spinner />}
      {query.error && (
        <EmptyPanel role="alert">
          <p>{messageText(query.error.msg)}</p>
          <Button type="button" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </EmptyPanel>
      )}
      {query.isSuccess && empty && (
        <EmptyPanel>
          <p>{emptyText}</p>
        </EmptyPanel>
      )}
    </>
  );
};
