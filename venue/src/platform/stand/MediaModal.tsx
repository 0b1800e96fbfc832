import './texts';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Media } from '@plataforma/adapter';
import { responsiveImage, sizes } from '@plataforma/adapter/images';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { VideoFrame } from '../ui/VideoFrame';

/** SPEC §9: the modal player is 600×338. */
export const PLAYER_WIDTH = 600;
export const PLAYER_HEIGHT = 338;

/** An image is drawn as wide as the player, or the modal's width on a phone (margins and padding aside). */
const IMAGE_SIZES = sizes([[PLAYER_WIDTH + 80, 'calc(100vw - 80px)']], `${PLAYER_WIDTH}px`);

const Body = styled.div`
  img {
    display: block;
    width: 100%;
    max-width: ${PLAYER_WIDTH}px;
    height: auto;
    margin: 0 auto;
    background: #000;
    border-radius: 10px;
    object-fit: contain;
  }
  p {
    margin: 16px 0 0;
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

/** A stand's video (the venue's video frame: no download, picture-in-picture or context menu) or image, with its title and description. */
export const MediaModal = ({ media, onClose }: { media: Media; onClose: () => void }) => {
  const { t } = useTranslation();
  const url = media.file?.url ?? '';
  return (
    <PlatformModal title={media.title} onClose={onClose} width={PLAYER_WIDTH + 48}>
      <Body>
        {media.type === 'VIDEO' ? (
          <VideoFrame
            source={{ kind: 'file', src: url, width: PLAYER_WIDTH, height: PLAYER_HEIGHT }}
            title={t('stand.videoPlayer', { title: media.title })}
          />
        ) : (
          <img
            {...responsiveImage(url, media.file?.sources, IMAGE_SIZES)}
            alt={media.title}
            onContextMenu={(event) => event.preventDefault()}
          />
        )}
        {media.description && <p>{media.description}</p>}
      </Body>
    </PlatformModal>
  );
};
