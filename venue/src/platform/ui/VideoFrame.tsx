import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Spinner } from '../../shared/ui/Spinner';

/**
 * What a frame plays: the player page of an allowed host (a YouTube or Vimeo address the
 * adapter built, or the iframe kept from sanitised staff markup), or an uploaded file.
 */
export type VideoSource = { kind: 'embed'; src: string } | { kind: 'file'; src: string; width: number; height: number };

/** react-player, in its own chunk: only an uploaded file needs it, so no hall's first load carries it. */
const FilePlayer = lazy(() => import('./FilePlayer'));

/** The 16:9 box a player fills (the halls' and the rooms' modals, the lecture screen), with room for a message over it. */
export const VideoBox = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  background: #000;
  border-radius: 10px;
  overflow: hidden;
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

/**
 * The venue's one video frame: a host's player page in a titled iframe, an
 * uploaded file in react-player without download, picture-in-picture or context menu.
 */
export const VideoFrame = ({ source, title }: { source: VideoSource; title: string }) => {
  const { t } = useTranslation();
  if (source.kind === 'embed') {
    return (
      <iframe
        key={source.src}
        src={source.src}
        title={title}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <Suspense fallback={<Spinner size={32} label={t('common.loading')} />}>
      <FilePlayer src={source.src} label={title} width={source.width} height={source.height} />
    </Suspense>
  );
};
