import '../../shared/commerce/texts';
import { useTranslation } from 'react-i18next';
import { useBuy } from '../../shared/commerce/buy';
import { Button } from '../../shared/ui/Button';

/**
 * What a visitor without access sees instead of a priced lecture's player (issue 14): its name,
 * its time and 'Comprar' — the lecture itself when it has a price, else the event's ticket.
 */
export const LectureLock = ({
  eventId,
  lecture,
  span,
  buyLecture,
}: {
  eventId: number;
  lecture: { id: number; name: string };
  span: string;
  buyLecture: boolean;
}) => {
  const { t } = useTranslation();
  const buy = useBuy();
  return (
    <div className="message" role="group" aria-label={t('commerce.lock.label', { name: lecture.name })}>
      <strong>{lecture.name}</strong>
      <span>{span}</span>
      <span>{buyLecture ? t('commerce.lock.lecture') : t('commerce.lock.event')}</span>
      <div>
        <Button type="button" onClick={() => buy(eventId, buyLecture ? { kind: 'lecture', id: lecture.id } : { kind: 'event' })}>
          {t('commerce.buy.lecture')}
        </Button>
      </div>
    </div>
  );
};
