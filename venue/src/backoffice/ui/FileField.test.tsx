import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../shared/theme';
import { uploadAccept } from '@plataforma/adapter';
import { FileField, fileKind, ratioIsOff, useFileField, type FileKind } from './FileField';
import { UploadProgress } from './UploadProgress';

beforeEach(() => {
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const removeLabel = (kind: FileKind) => (kind === 'video' ? 'Remover video' : 'Remover imagem');

/** A media field as the Mídia modal uses it, showing what its save would send. */
const Harness = ({ current, currentKind }: { current: string | null; currentKind?: FileKind }) => {
  const media = useFileField(current);
  const sent = media.payload('file', 'removeFile');
  return (
    <ThemeProvider theme={theme}>
      <FileField
        label="Mídia"
        required
        kind="media"
        hint="Imagem, vídeo ou PDF."
        chooseLabel="Fazer upload de mídia"
        removeLabel={removeLabel}
        currentKind={currentKind}
        {...media.field}
      />
      <output>{JSON.stringify({ file: sent.file?.name ?? null, removeFile: sent.removeFile ?? null, present: media.present })}</output>
    </ThemeProvider>
  );
};

/** The event editor's banner: an image field with its ratio hint, showing what its save would send. */
const BannerHarness = ({ maxBytes }: { maxBytes?: number }) => {
  const banner = useFileField(null);
  const sent = banner.payload('banner', 'removeBanner');
  return (
    <ThemeProvider theme={theme}>
      <FileField
        label="Banner"
        required
        kind="image"
        maxBytes={maxBytes}
        hint="Deve ter uma proporção equivalente a 1920x500"
        ratio={{ width: 1920, height: 500 }}
        chooseLabel="Fazer upload de imagem"
        removeLabel="Remover imagem"
        {...banner.field}
      />
      <output>{JSON.stringify({ file: sent.banner?.name ?? null, removeFile: sent.removeBanner ?? null, present: banner.present })}</output>
    </ThemeProvider>
  );
};

const MB = 1024 * 1024;
/** A file whose size is `bytes` without holding them. */
const sized = (file: File, bytes: number) => Object.defineProperty(file, 'size', { value: bytes });

const sent = () => JSON.parse(document.querySelector('output')?.textContent ?? '{}') as Record<string, unknown>;

/** A picker set to 'all files': the input's `accept` does not filter what is picked. */
const anyFile = () => userEvent.setup({ applyAccept: false });

describe('FileField', () => {
  it('opens the picker from a button reached with the keyboard, with the hint as its description', async () => {
    render(<Harness current={null} />);
    const input = screen.getByRole('group', { name: /^Mídia\s*\(obrigatório\)$/u }).querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', uploadAccept('media'));
    expect(input.accept).toContain('application/pdf');
    expect(input.accept).toContain('video/mp4');
    const picked = vi.fn();
    input.addEventListener('click', picked);
    await userEvent.tab();
    const choose = screen.getByRole('button', { name: 'Fazer upload de mídia: Mídia' });
    expect(choose).toHaveAccessibleDescription('Imagem, vídeo ou PDF.');
    await userEvent.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /^Remover/ })).toBeNull();
  });

  it('previews a video with its player and a PDF embedded; remove says what it removes and sets the flag', async () => {
    render(<Harness current="/uploads/aula.mp4" />);
    const group = screen.getByRole('group', { name: /^Mídia\s*\(obrigatório\)$/u });
    const video = group.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/uploads/aula.mp4');
    expect(video).toHaveAttribute('controls');
    expect(sent()).toEqual({ file: null, removeFile: null, present: true });

    await userEvent.click(within(group).getByRole('button', { name: 'Remover video: Mídia' }));
    expect(group.querySelector('video')).toBeNull();
    expect(sent()).toEqual({ file: null, removeFile: 1, present: false });

    const input = group.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.7'], 'programa.pdf', { type: 'application/pdf' }));
    expect(within(group).getByTitle('Pré-visualização: Mídia')).toHaveAttribute('src', 'blob:programa.pdf');
    expect(within(group).getByText('programa.pdf')).toBeInTheDocument();
    // Choosing a file clears the removal: the new file replaces the stored one.
    expect(sent()).toEqual({ file: 'programa.pdf', removeFile: null, present: true });

    await userEvent.click(within(group).getByRole('button', { name: 'Remover imagem: Mídia' }));
    expect(sent()).toEqual({ file: null, removeFile: 1, present: false });
  });

  it('previews the stored file by the kind it is given', () => {
    render(<Harness current="/uploads/abc" currentKind="image" />);
    expect(screen.getByRole('img', { name: 'Pré-visualização: Mídia' })).toHaveAttribute('src', '/uploads/abc');
    expect(screen.getByRole('button', { name: 'Remover imagem: Mídia' })).toBeInTheDocument();
  });

  it('refuses a PDF in an image field at pick time: not previewed, not kept, the message under the field naming it and the formats', async () => {
    render(<BannerHarness />);
    const group = screen.getByRole('group', { name: /^Banner/u });
    const input = group.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', uploadAccept('image'));
    expect(input.accept).not.toContain('pdf');
    await anyFile().upload(input, new File(['%PDF-1.7'], 'programa.pdf', { type: 'application/pdf' }));

    const message = 'Banner: envie uma imagem JPG, PNG, GIF, WebP ou AVIF de até 10 MB.';
    expect(within(group).getByRole('alert')).toHaveTextContent(message);
    expect(group.querySelector('img, iframe, video')).toBeNull();
    expect(within(group).queryByText('programa.pdf')).toBeNull();
    expect(sent()).toEqual({ file: null, removeFile: null, present: false });
    const choose = within(group).getByRole('button', { name: 'Fazer upload de imagem: Banner' });
    expect(choose).toHaveAttribute('aria-invalid', 'true');
    expect(choose).toHaveAccessibleDescription(`Deve ter uma proporção equivalente a 1920x500 ${message}`);

    // A file the field takes clears the refusal and is kept.
    await userEvent.upload(input, new File(['png'], 'banner.png', { type: 'image/png' }));
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(choose).not.toHaveAttribute('aria-invalid');
    expect(sent()).toEqual({ file: 'banner.png', removeFile: null, present: true });
  });

  it('refuses a text file by its declared type, and takes one without a type by its name', async () => {
    render(<Harness current={null} />);
    const group = screen.getByRole('group', { name: /^Mídia/u });
    const input = group.querySelector('input[type=file]') as HTMLInputElement;
    await anyFile().upload(input, new File(['oi'], 'notas.txt', { type: 'text/plain' }));
    expect(within(group).getByRole('alert')).toHaveTextContent(
      'Mídia: envie uma imagem, um vídeo ou um PDF (JPG, PNG, GIF, WebP, AVIF, MP4, MOV, M4V, WebM, Ogg ou PDF) de até 512 MB.',
    );
    expect(group.querySelector('img, iframe, video')).toBeNull();
    expect(sent()).toEqual({ file: null, removeFile: null, present: false });

    // No declared type: the name decides.
    await anyFile().upload(input, new File(['x'], 'aula.webm', { type: '' }));
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(sent()).toEqual({ file: 'aula.webm', removeFile: null, present: true });
  });

  it('refuses an image over the size limit and an empty one, keeping what was chosen before', async () => {
    render(<BannerHarness maxBytes={5 * MB} />);
    const group = screen.getByRole('group', { name: /^Banner/u });
    const input = group.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'pequena.png', { type: 'image/png' }));
    await userEvent.upload(input, sized(new File(['jpg'], 'enorme.jpg', { type: 'image/jpeg' }), 5 * MB + 1));
    expect(within(group).getByRole('alert')).toHaveTextContent('Banner: envie uma imagem JPG, PNG, GIF, WebP ou AVIF de até 5 MB.');
    expect(within(group).queryByText('enorme.jpg')).toBeNull();
    expect(sent()).toEqual({ file: 'pequena.png', removeFile: null, present: true });
    expect(within(group).getByRole('img', { name: 'Pré-visualização: Banner' })).toHaveAttribute('src', 'blob:pequena.png');

    await userEvent.upload(input, sized(new File([''], 'vazia.png', { type: 'image/png' }), 0));
    expect(within(group).getByRole('alert')).toBeInTheDocument();
    expect(sent()).toEqual({ file: 'pequena.png', removeFile: null, present: true });

    // Exactly the limit is taken.
    await userEvent.upload(input, sized(new File(['jpg'], 'limite.jpg', { type: 'image/jpeg' }), 5 * MB));
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(sent()).toEqual({ file: 'limite.jpg', removeFile: null, present: true });
  });

  it("takes the deployment's limit from the page's meta (UPLOAD_IMAGE_MAX_MB) when the field gives none", async () => {
    const meta = document.createElement('meta');
    meta.name = 'plataforma-upload-limits';
    meta.content = `image=${2 * MB},media=${64 * MB}`;
    document.head.append(meta);
    try {
      render(<BannerHarness />);
      const group = screen.getByRole('group', { name: /^Banner/u });
      const input = group.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, sized(new File(['jpg'], 'foto.jpg', { type: 'image/jpeg' }), 3 * MB));
      expect(within(group).getByRole('alert')).toHaveTextContent('Banner: envie uma imagem JPG, PNG, GIF, WebP ou AVIF de até 2 MB.');
      expect(sent()).toEqual({ file: null, removeFile: null, present: false });
    } finally {
      meta.remove();
    }
  });

  it('warns, without refusing, when the picked image is off the ratio hint', async () => {
    render(<BannerHarness />);
    const group = screen.getByRole('group', { name: /^Banner/u });
    await userEvent.upload(
      group.querySelector('input[type=file]') as HTMLInputElement,
      new File(['png'], 'foto.png', { type: 'image/png' }),
    );
    const img = within(group).getByRole('img', { name: 'Pré-visualização: Banner' });
    Object.defineProperty(img, 'naturalWidth', { value: 1920 });
    Object.defineProperty(img, 'naturalHeight', { value: 1080 });
    fireEvent.load(img);
    const warning = 'A imagem escolhida mede 1920x1080: a proporção esperada é 1920x500.';
    expect(within(group).getByText(warning)).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Fazer upload de imagem: Banner' })).toHaveAccessibleDescription(
      `Deve ter uma proporção equivalente a 1920x500 ${warning}`,
    );
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(sent()).toEqual({ file: 'foto.png', removeFile: null, present: true });
  });

  it('tells the kinds of files apart and the ratios more than 5 % off', () => {
    expect(fileKind('image/webp')).toBe('image');
    expect(fileKind('video/mp4')).toBe('video');
    expect(fileKind('application/pdf')).toBe('document');
    expect(fileKind(null, '/uploads/x.JPG')).toBe('image');
    expect(fileKind(null, '/uploads/x.webm?v=2')).toBe('video');
    expect(fileKind(null, '/uploads/x.pdf')).toBe('document');
    const banner = { width: 240, height: 340 };
    expect(ratioIsOff(240, 340, banner)).toBe(false);
    expect(ratioIsOff(480, 680, banner)).toBe(false);
    expect(ratioIsOff(250, 340, banner)).toBe(false); // 4.2 % off
    expect(ratioIsOff(253, 340, banner)).toBe(true); // 5.4 % off
    expect(ratioIsOff(1920, 1080, { width: 1920, height: 500 })).toBe(true);
    expect(ratioIsOff(0, 0, banner)).toBe(false);
  });
});

describe('UploadProgress', () => {
  it('shows the fraction sent as a progress bar with Cancelar, and nothing when no upload runs', async () => {
    const cancel = vi.fn();
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <UploadProgress fraction={0.423} onCancel={cancel} />
      </ThemeProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Enviando… 42%' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    rerender(
      <ThemeProvider theme={theme}>
        <UploadProgress fraction={null} onCancel={cancel} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
