import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, type Event, type EventDependents } from '@plataforma/adapter';
import { eventPagePath } from '@plataforma/adapter/routes';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { Modal, ModalActions } from '../ui/Modal';
import { ViewOnSite } from '../ui/ViewOnSite';
import { fetchDependents, useSaveEvent } from './api';

const Status = styled.p<{ $published: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  padding: 4px 12px;
  border-radius: 999px;
  font-weight: 700;
  background: ${({ $published }) => ($published ? '#e6f4ea' : '#fff4e5')};
  color: ${({ $published }) => ($published ? '#1e6b34' : '#8a4b00')};
`;

const Checklist = styled.ul`
  margin: 0 0 12px;
  padding-left: 20px;
  li {
    margin: 6px 0;
  }
`;

/** What a visitor would miss in an event published now (issue 56, item 7): each a key of `events.publish.missing`. */
export const missingBeforePublish = (event: Event, dependents: EventDependents): string[] =>
  [
    dependents.stands === 0 && 'stands',
    dependents.lectures === 0 && 'lectures',
    !event.venue.welcomeVideo && 'welcomeVideo',
    (!event.image || !event.banner) && 'images',
  ].filter((key): key is string => Boolean(key));

/**
 * The event's publication at the top of its editor (issue 56, item 7: 'Rascunho/Publicado' sat at
 * the bottom of a long form): its state, and 'Publicar' — after a checklist of what visitors would
 * miss — or 'Voltar para rascunho'. A form with unsaved changes is saved first: the switch in it
 * would otherwise put the old state back. A published event offers 'ver no site': its page on the
 * public site, in a new tab (a draft's page answers 'not found' to everyone, so a draft has none).
 */
export const PublishControl = ({ event, unsaved, onSaved }: { event: Event; unsaved: () => boolean; onSaved: (event: Event) => void }) => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const save = useSaveEvent();
  const [checking, setChecking] = useState(false);
  const [missing, setMissing] = useState<string[] | null>(null);
  const published = event.published === 1;

  const setPublished = async (on: boolean) => {
    const body = new FormData();
    body.set('published', on ? '1' : '0');
    try {
      const answer = await save.mutateAsync({ id: event.id, input: body });
      setMissing(null);
      showToast(t(on ? 'events.publish.done' : 'events.publish.undone'), 'success');
      onSaved(answer.data);
    } catch (error) {
      showToast(messageText(error instanceof ApiError ? error.msg : undefined), 'warning');
    }
  };

  const ask = async () => {
    if (unsaved()) {
      showToast(t('events.publish.saveFirst'), 'warning');
      return;
    }
    if (published) {
      await setPublished(false);
      return;
    }
    setChecking(true);
    try {
      setMissing(missingBeforePublish(event, await fetchDependents(event.id)));
    } catch (error) {
      showToast(messageText(error instanceof ApiError ? error.msg : undefined), 'warning');
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Status $published={published} role="status">
        {t(published ? 'events.publish.published' : 'events.publish.draft')}
      </Status>
      {published && <ViewOnSite href={eventPagePath(event)} name={event.name} />}
      <Button type="button" $variant={published ? 'ghost' : undefined} disabled={checking || save.isPending} onClick={() => void ask()}>
        {t(published ? 'events.publish.unpublish' : 'events.publish.publish')}
      </Button>
      {missing && (
        <Modal title={t('events.publish.checkTitle')} onClose={() => setMissing(null)}>
          {missing.length === 0 ? (
            <p>{t('events.publish.allSet')}</p>
          ) : (
            <>
              <p>{t('events.publish.checkIntro')}</p>
              <Checklist>
                {missing.map((key) => (
                  <li key={key}>{t(`events.publish.missing.${key}`)}</li>
                ))}
              </Checklist>
            </>
          )}
          <ModalActions>
            <Button type="button" $variant="ghost" onClick={() => setMissing(null)}>
              {t('events.publish.cancel')}
            </Button>
            <Button type="button" disabled={save.isPending} onClick={() => void setPublished(true)}>
              {t(missing.length === 0 ? 'events.publish.confirm' : 'events.publish.confirmAnyway')}
            </Button>
          </ModalActions>
        </Modal>
      )}
    </>
  );
};
