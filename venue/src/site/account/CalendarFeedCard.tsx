import '../../shared/i18n/site';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, CalendarFeedCreated } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { shortDateInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { DarkInput } from '../../shared/ui/fields';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api';
import { Card } from './form';

const toastError = (error: ApiError) => useAppState.getState().showToast(messageText(error.msg), 'error');

/**
 * 'Assinar no calendário' on /perfil (issue 49, item 5, decision 108): the private feed of 'Minha
 * agenda' that calendar apps subscribe to. 'Criar link do calendário' makes a secret URL, shown
 * here once (the server keeps only its hash) with 'Copiar link', a `webcal://` link that opens the
 * calendar app, and how to subscribe in Google, Apple and Outlook; later visits say since when a
 * link is active and offer a new one. 'Revogar link' ends it at once.
 */
export const CalendarFeedCard = () => {
  const { t } = useTranslation();
  const base = useId();
  const language = useAppState((state) => state.language);
  const feed = useCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const create = useCreateCalendarFeed({ onSuccess: setCreated, onError: toastError });
  const revoke = useRevokeCalendarFeed({
    onSuccess: () => {
      setCreated(null);
      useAppState.getState().showToast(messageText('agenda.calendarFeedRevoked'), 'success');
    },
    onError: toastError,
  });
  const busy = create.isPending || revoke.isPending;
  const active = feed.data?.active ?? false;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      useAppState.getState().showToast(t('site.profile.calendar.copied'), 'success');
    } catch {
      useAppState.getState().showToast(t('site.profile.calendar.copyFailed'), 'warning');
    }
  };

  return (
    <Card as="section" aria-labelledby={`${base}-title`} style={{ marginTop: 24 }}>
      <h2 id={`${base}-title`} style={{ margin: 0, fontSize: '1.1rem' }}>
        {t('site.profile.calendar.title')}
      </h2>
      <p style={{ margin: 0 }}>{t('site.profile.calendar.intro')}</p>
      {feed.isError ? (
        <p role="alert">{messageText(feed.error.msg)}</p>
      ) : !feed.data ? (
        <p>{t('common.loading')}</p>
      ) : created ? (
        <>
          <label htmlFor={`${base}-url`} style={{ fontWeight: 600 }}>
            {t('site.profile.calendar.url')}
          </label>
          <DarkInput
            id={`${base}-url`}
            readOnly
            value={created.url}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby={`${base}-private`}
          />
          <p id={`${base}-private`} style={{ margin: 0 }}>
            {t('site.profile.calendar.private')}
          </p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
            <Button type="button" onClick={() => void copy(created.url)}>
              {t('site.profile.calendar.copy')}
            </Button>
            <a href={created.webcalUrl} style={{ alignSelf: 'center', color: '#ffb68c' }}>
              {t('site.profile.calendar.open')}
            </a>
          </div>
          <h3 style={{ margin: '8px 0 0', fontSize: '1rem' }}>{t('site.profile.calendar.howTo')}</h3>
          <ul style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 6 }}>
            <li>{t('site.profile.calendar.howGoogle')}</li>
            <li>{t('site.profile.calendar.howApple')}</li>
            <li>{t('site.profile.calendar.howOutlook')}</li>
          </ul>
        </>
      ) : active ? (
        <>
          <p style={{ margin: 0, fontWeight: 600 }}>
            {t('site.profile.calendar.active', {
              date: feed.data.createdAt
                ? shortDateInWords(new Date(feed.data.createdAt), language, Intl.DateTimeFormat().resolvedOptions().timeZone)
                : '',
            })}
          </p>
          <p style={{ margin: 0 }}>{t('site.profile.calendar.hidden')}</p>
        </>
      ) : (
        <p style={{ margin: 0 }}>{t('site.profile.calendar.none')}</p>
      )}
      {feed.data && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {!created && (
            <Button type="button" disabled={busy} onClick={() => create.mutate()}>
              {create.isPending
                ? t('site.profile.calendar.creating')
                : active
                  ? t('site.profile.calendar.renew')
                  : t('site.profile.calendar.create')}
            </Button>
          )}
          {active && (
            <Button type="button" $variant="danger" disabled={busy} onClick={() => revoke.mutate()}>
              {revoke.isPending ? t('site.profile.calendar.revoking') : t('site.profile.calendar.revoke')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
};
