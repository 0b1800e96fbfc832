import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { idFromSlug } from '@plataforma/adapter/routes';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { useStaffSession } from '../session';
import { MediaSection } from '../medias/MediaSection';
import { ErrorAlert } from '../ui/Form';
import { PageHeader } from '../ui/PageHeader';
import { standQuery } from '../stands/api';
import { StandChats } from './StandChats';
import { STAND_CHATS_TAB, STAND_PAGE_TAB } from '../stands/StandsPage';

/**
 * /cms/estandes/:standId/:tab (attendant, SPEC §2.2; an admin for any stand): the page of one of their stands, its name
 * and 'voltar para listagem', with the Mídia section preselected on the stand. Its one tab is
 * 'midias'; another tab of the route leads there.
 */
export const StandDetailPage = () => {
  const { t } = useBackofficeTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const standId = idFromSlug(params.standId);
  const stand = useQuery({ ...standQuery(standId ?? 0), enabled: standId !== null });
  const { user } = useStaffSession();
  // An admin came from the event editor's stands; an attendant from their stands list.
  const back = user?.role === 'admin' && stand.data ? `/cms/eventos/${stand.data.eventId}/estandes` : '/cms/estandes';

  if (standId === null) return <Navigate to="/cms/estandes" replace />;
  if (params.tab !== STAND_PAGE_TAB && params.tab !== STAND_CHATS_TAB)
    return <Navigate to={`/cms/estandes/${standId}/${STAND_PAGE_TAB}`} replace />;

  return (
    <>
      <Button type="button" $variant="ghost" onClick={() => navigate(back)}>
        {t('stands.detail.back')}
      </Button>
      {stand.isPending ? (
        <Spinner />
      ) : stand.error ? (
        <ErrorAlert>{messageText(stand.error.msg)}</ErrorAlert>
      ) : (
        <>
          <PageHeader title={stand.data.name} />
          {params.tab === STAND_CHATS_TAB ? (
            <StandChats standId={stand.data.id} />
          ) : (
            <MediaSection event={null} eventId={stand.data.eventId} standId={stand.data.id} />
          )}
        </>
      )}
    </>
  );
};
