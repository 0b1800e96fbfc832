import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { lectureVideo } from '@plataforma/adapter';
import { PlatformModal } from '../ui/PlatformModal';
import { videoHosts } from '../videoHosts';

const Frame = styled.div`
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
  p {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    margin: 0;
    padding: 24px;
    text-align: center;
    color: rgba(245, 241, 238, 0.8);
  }
`;

/** A hall's video (the event's welcome or congress video) in a modal; YouTube and Vimeo links become players. */
export const VideoModal = ({ title, link, onClose }: { title: string; link: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const video = lectureVideo(link, videoHosts());
  return (
    <PlatformModal title={title} onClose={onClose} width={960}>
      <Frame>
        {video.kind === 'iframe' ? (
          <iframe src={video.src} title={title} allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowFullScreen />
        ) : (
          <p>{t('halls.noVideo')}</p>
        )}
      </Frame>
    </PlatformModal>
  );
};
