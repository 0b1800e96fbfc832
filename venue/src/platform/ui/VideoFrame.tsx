import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Spinner } from '../../shared/ui/Spinner';
import { useEmbedPlayback, withPlaybackReports } from './playback';
import { hostAnswers, hostOf } from './reachable';

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

/** Over a player whose host cannot be reached: what happened, and the video on its own site. */
const Unreachable = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-content: center;
  gap: 12px;
  padding: 24px;
  text-align: center;
  /* Opaque: the browser's broken-frame glyph behind it showed through the text. */
  background: #151515;
  color: #fff;
  p {
    margin: 0;
    max-width: 46ch;
    line-height: 1.5;
  }
  a {
    color: #ffd5bd;
    font-weight: 700;
  }
`;

/** A host's player page, with a message and the link instead of a grey frame when the browser cannot reach the host (issue 17). */
const EmbedFrame = ({
  src,
  title,
  onPlaying,
  onUnreachable,
}: {
  src: string;
  title: string;
  onPlaying?: (playing: boolean) => void;
  onUnreachable?: (unreachable: boolean) => void;
}) => {
  const { t } = useTranslation();
  const [unreachable, setUnreachable] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // A screen that follows playing (watch time) asks the host's player to report it.
  const playerSrc = useMemo(() => (onPlaying ? withPlaybackReports(src, window.location.origin) : src), [src, onPlaying]);
  const onLoad = useEmbedPlayback(frame, playerSrc, onPlaying);
  useEffect(() => {
    let current = true;
    setUnreachable(false);
    void hostAnswers(src).then((answers) => current && setUnreachable(!answers));
    return () => {
      current = false;
    };
  }, [src]);
  useEffect(() => onUnreachable?.(unreachable), [unreachable, onUnreachable]);
  const host = hostOf(src);
  return (
    <>
      <iframe
        key={src}
        ref={frame}
        src={playerSrc}
        onLoad={onLoad}
        title={title}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {unreachable && (
        <Unreachable role="alert">
          <p>{t('platform.videoUnreachable', { host })}</p>
          <a href={src} target="_blank" rel="noopener noreferrer">
            {t('platform.videoOpenHost', { host })}
          </a>
        </Unreachable>
      )}
    </>
  );
};

/**
 * The venue's one video frame: a host's player page in a titled iframe (a message and the
 * link when the host cannot be reached), an uploaded file in react-player without download,
 * picture-in-picture or context menu.
 */
export const VideoFrame = ({
  source,
  title,
  onPlaying,
  onUnreachable,
}: {
  source: VideoSource;
  title: string;
  /** Each change of the player's own playing state, where its host reports it (playback.ts). */
  onPlaying?: (playing: boolean) => void;
  /** Whether the host's page could not be reached (its message shown over the frame). */
  onUnreachable?: (unreachable: boolean) => void;
}) => {
  const { t } = useTranslation();
  if (source.kind === 'embed')
    return <EmbedFrame key={source.src} src={source.src} title={title} onPlaying={onPlaying} onUnreachable={onUnreachable} />;
  return (
    <Suspense fallback={<Spinner size={32} label={t('common.loading')} />}>
      <FilePlayer src={source.src} label={title} width={source.width} height={source.height} />
    </Suspense>
  );
};
