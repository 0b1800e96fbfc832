import type { SVGProps } from 'react';
import { pickSource } from '@plataforma/adapter/images';
import type { ImageSource } from '@plataforma/adapter';
import { useBoardPixels } from './boardPixels';

type SceneImageProps = Omit<SVGProps<SVGImageElement>, 'href' | 'width' | 'scale'> & {
  url: string;
  /** The image's sizes from the API (`imageSources`); without them the URL is drawn. */
  sources?: readonly ImageSource[];
  /** Its width in the drawing's units, before `scale`. */
  width: number;
  /** The scale of the group it is drawn in (a booth, a totem). */
  scale?: number;
};

/**
 * An image of a drawn scene. SVG's `<image>` has no `srcset`, so the format is chosen here: the
 * narrowest of the image's sizes that covers the device pixels it is drawn at (a phone gets a
 * smaller format of the hall's 1920-wide background, a large screen the original).
 */
export const SceneImage = ({ url, sources, width, scale = 1, ...rest }: SceneImageProps) => {
  const pixels = useBoardPixels();
  return <image href={pickSource(url, sources, Math.ceil(width * scale * pixels))} width={width} {...rest} />;
};
