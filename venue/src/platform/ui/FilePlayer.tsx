import { useCallback } from 'react';
import HtmlPlayer from 'react-player/HtmlPlayer';
import { canPlay } from 'react-player/patterns';
import type { PlayerEntry } from 'react-player/players';
import { createReactPlayer } from 'react-player/ReactPlayer';

/**
 * react-player with its HTML player only: the venue plays uploaded files with it (YouTube, Vimeo
 * and staff embeds stay titled iframes, decision in the video frame), so the other players
 * (HLS, DASH, Mux, YouTube, Vimeo, Twitch…) and their megabytes are not built in.
 */
const html: PlayerEntry = { key: 'html', name: 'html', canPlay: canPlay.html, canEnablePIP: () => true, player: HtmlPlayer };
const ReactPlayer = createReactPlayer([html], html);

export interface FilePlayerProps {
  src: string;
  /** The player's accessible name. */
  label: string;
  width: number;
  height: number;
}

/**
 * An uploaded video in react-player (its HTML player: a plain `<video>`), started at once, with
 * the browser's controls but no download, playback rate or picture-in-picture entries and no
 * context menu. react-player hands the `<video>` only the media attributes it knows, so the
 * others are set on the element itself.
 */
const FilePlayer = ({ src, label, width, height }: FilePlayerProps) => {
  const lock = useCallback(
    (video: HTMLVideoElement | null) => {
      if (!video) return;
      video.setAttribute('controlslist', 'nodownload noplaybackrate');
      video.setAttribute('disablepictureinpicture', '');
      video.setAttribute('width', String(width));
      video.setAttribute('height', String(height));
      video.setAttribute('aria-label', label);
    },
    [label, width, height],
  );
  return (
    <ReactPlayer
      ref={lock}
      src={src}
      controls
      autoPlay
      playsInline
      preload="metadata"
      width="100%"
      height="auto"
      style={{
        display: 'block',
        maxWidth: width,
        aspectRatio: `${width} / ${height}`,
        margin: '0 auto',
        background: '#000',
        borderRadius: 10,
      }}
      onContextMenu={(event) => event.preventDefault()}
    />
  );
};

export default FilePlayer;
