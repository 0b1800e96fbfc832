import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Spinner } from './Spinner';

const Center = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
`;

/** A whole page waiting for its part of the app (e.g. the back office's first download). */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <Center>
      <Spinner size={40} label={t('common.loading')} />
    </Center>
  );
};
