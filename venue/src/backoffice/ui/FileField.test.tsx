import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../shared/theme';
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
        accept="image/*,video/*,application/pdf"
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

const sent = () => JSON.parse(screen.getByRole('status').textContent ?? '{}') as Record<string, unknown>;

describe('FileField', () => {
  it('opens the picker from a button reached with the keyboard, with the hint as its description', async () => {
    render(<Harness current={null} />);
    const input = screen.getByRole('group', { name: /^Mídia\s*\(obrigatório\)$/u }).querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*,video/*,application/pdf');
    const picked = vi.fn();
    input.addEventListener('click', picked);
    await userEvent.tab();
    const choose = screen.getByRole('button', { name: 'Fazer upload de mídia: Mídia' });
    expect(choose).toHaveFocus();
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
