import './texts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { idFromSlug } from '@plataforma/adapter/routes';
import type { Media } from '@plataforma/adapter';
import { STAND_TIER_KEY } from '@plataforma/adapter/constants';
import { responsiveImage, sizes } from '@plataforma/adapter/images';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { PageLoading } from '../../shared/ui/PageLoading';
import { StatusScreen } from '../../shared/ui/StatusScreen';
import { BackButton } from '../halls/BackButton';
import { ChatWidget } from './ChatWidget';
import { ContactModal } from './ContactModal';
import { MediaModal } from './MediaModal';
import { ProductCard } from './ProductCard';
import { StandBackdrop } from './StandBackdrop';
import { recordStandEvent, useStand, useStandMedias, useStandProducts } from './api';
import { limitMedia, type StandLayout } from './rules';

/** The logo's width: at most 320 px, the panel's width on a phone (page and panel padding aside). */
const LOGO_SIZES = sizes([[400, 'calc(100vw - 80px)']], '320px');

/** SPEC §2.4: portrait when the window is taller than wide (height/width above 1), re-read on resize. */
export const useStandLayout = (): StandLayout => {
  const read = (): StandLayout => (window.innerHeight / Math.max(1, window.innerWidth) > 1 ? 'portrait' : 'landscape');
  const [layout, setLayout] = useState<StandLayout>(read);
  useEffect(() => {
    const onResize = () => setLayout(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return layout;
};

const Page = styled.main`
  position: relative;
  min-height: 100vh;
  padding: 40px 32px calc(var(--nav-height, 72px) + 32px);
  &[data-layout='portrait'] {
    padding: 72px 16px calc(var(--nav-height, 72px) + 24px);
  }
`;

const Grid = styled.div`
  position: relative;
  z-index: 1;
  max-width: 1360px;
  margin: 0 auto;
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(320px, 5fr) minmax(0, 7fr);
  grid-template-areas:
    'info media'
    'info products'
    'chat products';
  [data-layout='portrait'] & {
    grid-template-columns: 1fr;
    grid-template-areas: 'info' 'media' 'products' 'chat';
  }
`;

const Panel = styled.section`
  padding: 24px;
  border-radius: 18px;
  background: rgba(16, 10, 6, 0.84);
  border: 1px solid rgba(255, 182, 140, 0.2);
  box-shadow: 0 20px 50px rgba(0, 0, 0, 0.45);
  backdrop-filter: blur(6px);
  h2 {
    margin: 0 0 16px;
    font-size: 1.2rem;
  }
`;

const Info = styled(Panel)`
  grid-area: info;
  align-self: start;
  .logo {
    display: block;
    width: 100%;
    max-width: 320px;
    aspect-ratio: 252 / 150;
    margin-bottom: 18px;
    border-radius: 12px;
    background: #fff;
    overflow: hidden;
  }
  .logo img {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  .tier {
    display: inline-block;
    margin-bottom: 10px;
    padding: 4px 12px;
    border-radius: 999px;
    font-size: 0.8rem;
    font-weight: 800;
    letter-spacing: 0.08em;
    color: #1b120c;
  }
  .tier[data-tier='master'] {
    background: linear-gradient(#f6d98a, #d4a437);
  }
  .tier[data-tier='silver'] {
    background: linear-gradient(#f4f6f8, #aab1b8);
  }
  .tier[data-tier='bronze'] {
    background: linear-gradient(#e7b07a, #b87333);
  }
  h1 {
    margin: 0 0 6px;
    font-size: clamp(1.6rem, 2.6vw, 2.3rem);
    line-height: 1.15;
  }
  .subtitle {
    margin: 0 0 14px;
    color: ${({ theme }) => theme.colors.primaryLight};
    font-weight: 600;
  }
  .description {
    margin: 0 0 20px;
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-bottom: 16px;
  a.action {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 16px;
    border-radius: ${({ theme }) => theme.radius};
    border: 2px solid ${({ theme }) => theme.colors.primaryLight};
    color: #fff;
    font-weight: 600;
    text-decoration: none;
  }
  a.action:hover {
    background: rgba(163, 65, 0, 0.5);
  }
`;

const Social = styled.ul`
  list-style: none;
  display: flex;
  gap: 10px;
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 36px;
    padding: 0 12px;
    border-radius: 999px;
    font-size: 0.9rem;
    font-weight: 600;
    text-decoration: none;
  }
  a {
    background: #a34100;
    color: #fff;
  }
  a:hover {
    background: #7a3100;
  }
`;

const MediaPanel = styled(Panel)`
  grid-area: media;
  .groups {
    display: grid;
    gap: 20px;
  }
  h3 {
    margin: 0 0 10px;
    font-size: 0.95rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
    gap: 12px;
  }
  .item {
    display: flex;
    align-items: center;
    gap: 12px;
    width: 100%;
    min-height: 64px;
    padding: 10px 14px;
    border-radius: 12px;
    border: 1px solid rgba(255, 255, 255, 0.14);
    background: rgba(255, 255, 255, 0.05);
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }
  .item:hover {
    background: rgba(163, 65, 0, 0.35);
  }
  .icon {
    flex: none;
    display: grid;
    place-items: center;
    width: 38px;
    height: 38px;
    border-radius: 50%;
    background: #a34100;
    font-size: 0.8rem;
  }
  .empty {
    margin: 0;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Products = styled(Panel)`
  grid-area: products;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
    gap: 16px;
  }
`;

const Back = styled.div`
  position: relative;
  z-index: 1;
  max-width: 1360px;
  margin: 0 auto 16px;
`;

// Drawn, not a font's glyph: '▣' stood for an image (issue 56, item 13) and '▶' depends on the font.
const PlayIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" focusable="false" data-icon="video">
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </svg>
);
const ImageIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" focusable="false" data-icon="image" fill="none" stroke="currentColor" strokeWidth="2">
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.8" fill="currentColor" stroke="none" />
    <path d="M4 18l5.5-5.5 4 4 2.5-2.5L20 18" strokeLinejoin="round" />
  </svg>
);

const MediaItem = ({ standId, media, onOpen }: { standId: number; media: Media; onOpen: (media: Media) => void }) => {
  const { t } = useTranslation();
  if (media.type === 'DOCUMENT') {
    return (
      <a
        className="item"
        href={media.file?.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('stand.documentOpen', { title: media.title })}
        onClick={() => recordStandEvent({ kind: 'document_opened', standId, mediaId: media.id })}
      >
        <span className="icon" aria-hidden="true">
          PDF
        </span>
        {media.title}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="item"
      onClick={() => {
        recordStandEvent({ kind: 'media_opened', standId, mediaId: media.id });
        onOpen(media);
      }}
      aria-haspopup="dialog"
    >
      <span className="icon" aria-hidden="true">
        {media.type === 'VIDEO' ? <PlayIcon /> : <ImageIcon />}
      </span>
      {media.title}
    </button>
  );
};

const External = ({ href, children, label, onClick }: { href: string; children: string; label?: string; onClick?: () => void }) => (
  <a className="action" href={href} target="_blank" rel="noopener noreferrer" aria-label={label} onClick={onClick}>
    {children}
  </a>
);

/** estande/{id-slug} (SPEC §2.4): the stand, its media, products and the contact form; tier rules of decision 003. */
export const StandScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const standId = idFromSlug(useParams().standId);
  const layout = useStandLayout();
  const [open, setOpen] = useState<Media | null>(null);
  const [contact, setContact] = useState(false);

  const stand = useStand(standId);
  const medias = useStandMedias(standId);
  const products = useStandProducts(standId);
  useDocumentTitle(stand.data?.name ?? t('stand.title'));

  if (standId === null || stand.error?.status === 404) {
    return (
      <StatusScreen title={t('stand.notFound')} hint={t('stand.notFoundHint')}>
        <Button type="button" onClick={() => navigate(-1)}>
          {t('common.back')}
        </Button>
      </StatusScreen>
    );
  }
  if (stand.error) {
    return (
      <StatusScreen title={t('stand.loadError')} hint={messageText(stand.error.msg)}>
        <Button type="button" onClick={() => void stand.refetch()}>
          {t('common.retry')}
        </Button>
      </StatusScreen>
    );
  }
  if (!stand.data) return <PageLoading />;

  const data = stand.data;
  const shown = limitMedia(data.type, medias.data?.rows ?? []);
  const socials = [
    { key: 'instagram', label: 'Instagram', url: data.instagram },
    { key: 'facebook', label: 'Facebook', url: data.facebook },
    { key: 'youtube', label: 'YouTube', url: data.youtube },
  ] as const;
  // What the visitor opened or clicked (decision 047): contacts and chats are recorded by the server.
  const websiteClicked = () => recordStandEvent({ kind: 'website_clicked', standId: data.id });

  return (
    <Page data-layout={layout}>
      <StandBackdrop stand={data} />
      <Back>
        <BackButton />
      </Back>
      <Grid>
        <Info aria-labelledby="stand-name">
          {data.image &&
            (data.website ? (
              <a
                className="logo"
                href={data.website}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('stand.websiteOf', { name: data.name })}
                onClick={websiteClicked}
              >
                <img {...responsiveImage(data.image, data.imageSources, LOGO_SIZES)} alt="" />
              </a>
            ) : (
              <span className="logo">
                <img {...responsiveImage(data.image, data.imageSources, LOGO_SIZES)} alt={t('stand.logoOf', { name: data.name })} />
              </span>
            ))}
          <span className="tier" data-tier={data.type}>
            {t(STAND_TIER_KEY[data.type])}
          </span>
          <h1 id="stand-name">{data.name}</h1>
          {data.subtitle && <p className="subtitle">{data.subtitle}</p>}
          {data.description && <p className="description">{data.description}</p>}
          <Actions>
            <Button type="button" onClick={() => setContact(true)} aria-haspopup="dialog">
              {t('stand.contact')}
            </Button>
            {data.website && (
              <External href={data.website} onClick={websiteClicked}>
                {t('stand.website')}
              </External>
            )}
            {data.type !== 'bronze' && data.negotiation && <External href={data.negotiation}>{t('stand.negotiation')}</External>}
            {data.type === 'master' && data.symposium && <External href={data.symposium}>{t('stand.symposium')}</External>}
          </Actions>
          {/* Only the networks the stand gave (issue 56, item 13: greyed pills led nowhere). */}
          {socials.some(({ url }) => url) && (
            <Social aria-label={t('stand.social')}>
              {socials.map(({ key, label, url }) =>
                url ? (
                  <li key={key}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('stand.socialOpen', { network: label, name: data.name })}
                      onClick={() => recordStandEvent({ kind: 'social_clicked', standId: data.id, target: key })}
                    >
                      {label}
                    </a>
                  </li>
                ) : null,
              )}
            </Social>
          )}
        </Info>

        <MediaPanel aria-labelledby="stand-media">
          <h2 id="stand-media">{t('stand.media')}</h2>
          {medias.isPending ? (
            <p className="empty">{t('common.loading')}</p>
          ) : medias.error ? (
            <p className="empty" role="alert">
              {messageText(medias.error.msg)}
            </p>
          ) : shown.videos.length + shown.documents.length + shown.images.length === 0 ? (
            <p className="empty">{t('stand.noMedia')}</p>
          ) : (
            <div className="groups">
              {(
                [
                  ['videos', shown.videos],
                  ['documents', shown.documents],
                  ['images', shown.images],
                ] as const
              ).map(([group, items]) =>
                items.length === 0 ? null : (
                  <div key={group}>
                    <h3 id={`stand-${group}`}>{t(`stand.${group}`)}</h3>
                    <ul aria-labelledby={`stand-${group}`}>
                      {items.map((media) => (
                        <li key={media.id}>
                          <MediaItem standId={data.id} media={media} onOpen={setOpen} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ),
              )}
            </div>
          )}
        </MediaPanel>

        <Products aria-labelledby="stand-products">
          <h2 id="stand-products">{t('stand.products')}</h2>
          {products.isPending ? (
            <p>{t('common.loading')}</p>
          ) : products.error ? (
            <p role="alert">{messageText(products.error.msg)}</p>
          ) : products.data.rows.length === 0 ? (
            <p>{t('stand.noProducts')}</p>
          ) : (
            <ul>
              {products.data.rows.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    onCta={() => recordStandEvent({ kind: 'product_cta_clicked', standId: data.id, productId: product.id })}
                  />
                </li>
              ))}
            </ul>
          )}
        </Products>
        <ChatWidget stand={data} />
      </Grid>
      {open && <MediaModal media={open} onClose={() => setOpen(null)} />}
      {contact && <ContactModal stand={data} onClose={() => setContact(false)} />}
    </Page>
  );
};
