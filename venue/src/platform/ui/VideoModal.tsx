import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { lectureVideo } from '@plataforma/adapter/video';
import { videoHosts } from '../videoHosts';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { VideoBox, VideoFrame } from './VideoFrame';

const Missing = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  margin: 0;
  padding: 24px;
  text-align: center;
  color: rgba(245, 241, 238, 0.8);
`;

/** A hall's video (the event's welcome or congress video) in a modal; YouTube and Vimeo links become players. */
export const VideoModal = ({ title, link, onClose }: { title: string; link: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const video = useMemo(() => lectureVideo(link, videoHosts()), [link]);
  return (
    <PlatformModal title={title} onClose={onClose} width={960}>
      <VideoBox>
        {video.kind === 'iframe' ? (
          <VideoFrame source={{ kind: 'embed', src: video.src }} title={title} />
        ) : (
          <Missing>{t('halls.noVideo')}</Missing>
        )}
      </VideoBox>
    </PlatformModal>
  );
};
