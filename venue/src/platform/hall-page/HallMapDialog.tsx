import { useTranslation } from 'react-i18next';
import { HallMap } from '../halls/HallMap';
import type { HallKey } from '../halls/registry';
import { PlatformModal } from '../../shared/ui/PlatformModal';
import { useHallItems } from './useHallItems';

/** A hall's map (SPEC §9: 1024×576) in the venue's modal, drawn from the same parts as the scene: a part followed on the map closes it. */
export const HallMapDialog = ({ page, onClose }: { page: HallKey; onClose: () => void }) => {
  const { t } = useTranslation();
  const { items } = useHallItems(page);
  const hall = t(`halls.names.${page}`);
  return (
    <PlatformModal title={t('halls.map.title', { hall })} onClose={onClose} width={1072}>
      <HallMap hall={hall} items={items} onLeave={onClose} />
    </PlatformModal>
  );
};
