import '../../shared/i18n/site';
import '../../shared/commerce/texts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { ApiError, ClientProfile } from '@plataforma/adapter';
import { useNetworkConsent, useSetNetworkConsent } from '../../shared/network/api';
import { logoutClient } from '../../shared/session/api';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { CertificatePanel } from '../certificates/CertificatePanel';
import { EventCard } from '../events/EventCard';
import { downloadMyData, useMyEvents, useProfile } from './api';
import { CalendarFeedCard } from './CalendarFeedCard';
import { DeleteAccount } from './DeleteAccount';
import { Card } from './form';
import { ProfileForm } from './ProfileForm';
import { PasswordChange, PhoneChange } from './SecurityCard';

export { profileChanges } from './ProfileForm';

const MyEvents = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * `/perfil`: the signed-in client's own data (SPEC §5's client fields): name, e-mail (a new one
 * with the current password), CPF, postal code, address, state and city to edit; the phone shown
 * (it changes only through its SMS code); whether they are listed in the events' networking room,
 * and whether the list shows their e-mail there (issue 17: a second choice, open while listed);
 * 'Assinar no calendário', the private calendar feed of 'Minha agenda' (decision 108);
 * the LGPD download and deletion; and 'Sair'. A soft session is sent to `/entrar` for the password
 * first.
 */
export const ProfilePage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.profile.title'));
  const client = useAppState((state) => state.auth.currentClient);
  if (!client || client.soft) return <Navigate to={`/entrar?voltar=${encodeURIComponent('/perfil')}&motivo=perfil`} replace />;
  return <Profile />;
};

/** The profile's sections, one under the other: the form, the phone, the password, events, orders, the network, the data. */
const Profile = () => {
  const { t } = useTranslation();
  const profile = useProfile();

  if (profile.isError)
    return (
      <ScreenPage $width={640}>
        <div className="wrap">
          <h1>{t('site.profile.title')}</h1>
          <p role="alert">{messageText(profile.error.msg)}</p>
        </div>
      </ScreenPage>
    );
  if (!profile.data) return <PageLoading />;
  const data = profile.data;
  return (
    <ScreenPage $width={680}>
      <div className="wrap">
        <h1>{t('site.profile.title')}</h1>
        <p className="intro">{t('site.profile.intro', { name: data.name })}</p>
        <ProfileForm profile={data} />
        <PhoneCard profile={data} />
        <PasswordChange />
        <MyEventsSection />
        <OrdersSection />
        <NetworkCard />
        <CalendarFeedCard />
        <MyDataCard />
      </div>
    </ScreenPage>
  );
};

/** The phone, the client's second factor: shown, and changed or removed with its SMS code. */
const PhoneCard = ({ profile }: { profile: ClientProfile }) => {
  const { t } = useTranslation();
  const base = useId();
  const phone = profile.phone
    ? `+${profile.ddi ?? '55'} ${profile.ddd ? `(${profile.ddd}) ` : ''}${profile.phone}`
    : t('site.profile.noPhone');
  return (
    <Card as="section" aria-labelledby={`${base}-phone-title`} style={{ marginTop: 24 }}>
      <h2 id={`${base}-phone-title`} style={{ margin: 0, fontSize: '1.1rem' }}>
        {t('site.profile.security.phoneTitle')}
      </h2>
      <p style={{ margin: 0 }}>
        <strong>{phone}</strong>
      </p>
      <p style={{ margin: 0 }}>{t('site.profile.security.phoneIntro')}</p>
      <PhoneChange profile={profile} />
    </Card>
  );
};

/** 'Meus eventos': the events the client entered, each with its certificate when the event gives one. */
const MyEventsSection = () => {
  const { t } = useTranslation();
  const base = useId();
  const events = useMyEvents();
  return (
    <section aria-labelledby={`${base}-events`} style={{ marginTop: 32 }}>
      <h2 id={`${base}-events`}>{t('site.profile.events')}</h2>
      {events.isError ? (
        <p role="alert">{messageText(events.error.msg)}</p>
      ) : !events.data ? (
        <p>{t('common.loading')}</p>
      ) : events.data.rows.length === 0 ? (
        <p>
          {t('site.profile.noEvents')} <Link to="/eventos">{t('site.event.seeAll')}</Link>
        </p>
      ) : (
        <MyEvents>
          {events.data.rows.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
              {event.certificateEnabled === 1 && <CertificatePanel eventId={event.id} eventName={event.name} />}
            </li>
          ))}
        </MyEvents>
      )}
    </section>
  );
};

/** 'Meus pedidos': a line leading to the orders' page. */
const OrdersSection = () => {
  const { t } = useTranslation();
  const base = useId();
  return (
    <section aria-labelledby={`${base}-orders`} style={{ marginTop: 32 }}>
      <h2 id={`${base}-orders`}>{t('commerce.orders.title')}</h2>
      <p>
        {t('commerce.orders.profileHint')} <Link to="/meus-pedidos">{t('commerce.orders.see')}</Link>
      </p>
    </section>
  );
};

/** The networking room's listing, and (while listed) whether the list shows the e-mail. */
const NetworkCard = () => {
  const { t } = useTranslation();
  const base = useId();
  const consent = useNetworkConsent();
  const listing = useSetNetworkConsent(null, {
    onError: (error: ApiError) => useAppState.getState().showToast(messageText(error.msg), 'error'),
  });
  return (
    <Card as="section" aria-labelledby={`${base}-network`} style={{ marginTop: 24 }}>
      <h2 id={`${base}-network`} style={{ margin: 0, fontSize: '1.1rem' }}>
        {t('site.profile.network')}
      </h2>
      <label style={{ display: 'flex', gap: 10, alignItems: 'center', fontWeight: 600 }}>
        <input
          type="checkbox"
          checked={consent.data?.listed ?? false}
          disabled={!consent.data || consent.data.canChange === false || listing.isPending}
          onChange={(event) => listing.mutate({ listed: event.target.checked })}
          style={{ width: 20, height: 20 }}
        />
        {t('site.profile.networkConsent')}
      </label>
      {/* The e-mail beside the name only if chosen (issue 17): a choice while listed only. */}
      <label style={{ display: 'flex', gap: 10, alignItems: 'center', fontWeight: 600 }}>
        <input
          type="checkbox"
          checked={consent.data?.showEmail ?? false}
          disabled={!consent.data?.listed || consent.data.canChange === false || listing.isPending}
          onChange={(event) => listing.mutate({ listed: true, showEmail: event.target.checked })}
          aria-describedby={`${base}-network-email`}
          style={{ width: 20, height: 20 }}
        />
        {t('site.profile.networkShowEmail')}
      </label>
      <p id={`${base}-network-email`} style={{ margin: 0 }}>
        {t(consent.data?.listed ? 'site.profile.networkShowEmailHint' : 'site.profile.networkShowEmailNeedsListing')}
      </p>
    </Card>
  );
};

/** 'Meus dados': the LGPD download, the account's deletion and 'Sair'. */
const MyDataCard = () => {
  const { t } = useTranslation();
  const base = useId();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (caught) {
      useAppState.getState().showToast(messageText((caught as ApiError).msg), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const leave = async () => {
    await logoutClient();
    navigate('/eventos');
  };

  return (
    <Card as="section" aria-labelledby={`${base}-data`} style={{ marginTop: 24 }}>
      <h2 id={`${base}-data`} style={{ margin: 0, fontSize: '1.1rem' }}>
        {t('site.profile.myData')}
      </h2>
      <p style={{ margin: 0 }}>{t('site.profile.myDataIntro')}</p>
      <Button
        type="button"
        $variant="ghost"
        disabled={downloading}
        onClick={() => void download()}
        style={{ color: '#ffb68c', borderColor: '#ffb68c' }}
      >
        {downloading ? t('common.loading') : t('site.profile.download')}
      </Button>
      <DeleteAccount />
      <Button type="button" $variant="danger" onClick={() => void leave()}>
        {t('halls.nav.logout')}
      </Button>
    </Card>
  );
};
