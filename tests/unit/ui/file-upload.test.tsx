import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FileUpload, type UploadSelection } from '@/components/ui/file-upload/file-upload';
import { renderWithIntl } from '@/tests/support/render-with-intl';

const image = (name: string, type = 'image/jpeg') => new File(['x'], name, { type });
const zone = () => screen.getByTestId('file-upload-zone');
const picker = () => zone().querySelector('input[type="file"]') as HTMLInputElement;
const root = () => zone().parentElement!;
const pick = (...files: File[]) => fireEvent.change(picker(), { target: { files } });
const clearButton = () => screen.queryByRole('button', { name: 'Clear' });
const uploadButton = () => screen.queryByRole('button', { name: 'Upload' });

/* A synthetic folder drop in the shape of the browser's FileSystemEntry API. */
type Entry = Record<string, unknown>;
const fileEntry = (path: string, file: File): Entry => ({
  isFile: true,
  isDirectory: false,
  name: file.name,
  fullPath: `/${path}`,
  file: (ok: (f: File) => void) => queueMicrotask(() => ok(file)),
});
// Answers in batches of two, then an empty batch, as Chrome does (in batches of 100).
const dirEntry = (path: string, children: Entry[]): Entry => ({
  isFile: false,
  isDirectory: true,
  fullPath: `/${path}`,
  createReader: () => {
    let next = 0;
    return {
      readEntries: (ok: (batch: Entry[]) => void) => {
        const batch = children.slice(next, next + 2);
        next += 2;
        queueMicrotask(() => ok(batch));
      },
    };
  },
});
const drop = (...entries: Entry[]) =>
  fireEvent.drop(zone(), { dataTransfer: { items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })), files: [] } });
const dropFiles = (...files: File[]) =>
  fireEvent.drop(zone(), { dataTransfer: { items: files.map((f) => ({ kind: 'file', webkitGetAsEntry: () => fileEntry(f.name, f) })), files } });

describe('FileUpload defaults', () => {
  it('starts idle with the folder picker, any image type, field name files', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    expect(screen.getByText('Browse directory to upload')).toBeInTheDocument();
    expect(root()).toHaveAttribute('data-state', 'idle');
    expect(picker()).toHaveAttribute('webkitdirectory');
    expect(picker()).toHaveAttribute('accept', 'image/*');
    expect(picker()).toHaveAttribute('name', 'files');
    expect(clearButton()).toBeNull();
    expect(uploadButton()).toBeNull();
  });

  it('without folder mode is a single-file picker (multi-select off by default)', () => {
    renderWithIntl(<FileUpload directory={false} onUpload={jest.fn()} />);
    expect(picker()).not.toHaveAttribute('webkitdirectory');
    expect(picker()).not.toHaveAttribute('multiple');
  });

  it('keeps only the first dropped file unless multi-select is on', async () => {
    const { unmount } = renderWithIntl(<FileUpload directory={false} onUpload={jest.fn()} />);
    dropFiles(image('a.jpg'), image('b.jpg'));
    expect(await screen.findByText('1 file selected')).toBeInTheDocument();
    unmount();
    renderWithIntl(<FileUpload directory={false} multiple onUpload={jest.fn()} />);
    expect(picker()).toHaveAttribute('multiple');
    dropFiles(image('a.jpg'), image('b.jpg'));
    expect(await screen.findByText('2 files selected')).toBeInTheDocument();
  });
});

describe('FileUpload states', () => {
  it('files selected: shows Clear and Upload', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    pick(image('a.jpg'), image('b.png', 'image/png'));
    expect(root()).toHaveAttribute('data-state', 'selected');
    expect(screen.getByText('2 files selected')).toBeInTheDocument();
    expect(clearButton()).toBeInTheDocument();
    expect(uploadButton()).toBeInTheDocument();
  });

  it('Upload hands the files to the parent under the field name and clears the selection', () => {
    let received: UploadSelection | undefined;
    renderWithIntl(<FileUpload fieldName="images" onUpload={(s) => (received = s)} />);
    const a = image('a.jpg');
    const b = image('b.jpg');
    Object.defineProperty(a, 'webkitRelativePath', { value: 'site/a.jpg' });
    Object.defineProperty(b, 'webkitRelativePath', { value: 'site/sub/b.jpg' });
    pick(a, b);
    fireEvent.click(uploadButton()!);
    expect(received?.files).toEqual([a, b]);
    expect(received?.paths).toEqual(['site/a.jpg', 'site/sub/b.jpg']);
    expect(received?.fieldName).toBe('images');
    const form = received!.toFormData();
    expect(form.getAll('images')).toHaveLength(2);
    expect((form.getAll('images')[1] as File).name).toBe('site/sub/b.jpg');
    expect(root()).toHaveAttribute('data-state', 'idle');
    expect(uploadButton()).toBeNull();
  });

  it("multipart field name defaults to 'files'", () => {
    const onUpload = jest.fn();
    renderWithIntl(<FileUpload onUpload={onUpload} />);
    pick(image('a.jpg'));
    fireEvent.click(uploadButton()!);
    const selection = onUpload.mock.calls[0]![0] as UploadSelection;
    expect(selection.fieldName).toBe('files');
    expect(selection.toFormData().getAll('files')).toHaveLength(1);
  });

  it('Clear empties the selection', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    pick(image('a.jpg'));
    fireEvent.click(clearButton()!);
    expect(root()).toHaveAttribute('data-state', 'idle');
    expect(uploadButton()).toBeNull();
  });

  it('uploading: spinner, label Uploading, per-file and total progress, no actions', () => {
    renderWithIntl(
      <FileUpload
        uploading
        onUpload={jest.fn()}
        progress={{ files: [{ name: 'a.jpg', percent: 100 }, { name: 'b.jpg', percent: 12.3456 }], total: 56.17 }}
      />,
    );
    expect(root()).toHaveAttribute('data-state', 'uploading');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Uploading');
    expect(status.querySelector('.spinner')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.jpg' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Upload progress of b.jpg' })).toHaveAttribute('aria-valuenow', '12.3');
    expect(screen.getByRole('progressbar', { name: 'Total upload progress' })).toHaveAttribute('aria-valuenow', '56.2');
    expect(clearButton()).toBeNull();
    expect(uploadButton()).toBeNull();
  });
});

describe('FileUpload file types', () => {
  it('a mismatch shows the allowed list and drops the whole selection', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    pick(image('a.jpg'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type. (Allowed types - image/*)');
    expect(root()).toHaveAttribute('data-state', 'idle');
    expect(uploadButton()).toBeNull();
    expect(picker()).toHaveAttribute('aria-invalid', 'true');
  });

  it('accepts wildcards, exact types and suffixes and names them all', () => {
    const accept = ['video/*', 'application/pdf', '.las'];
    renderWithIntl(<FileUpload accept={accept} onUpload={jest.fn()} />);
    expect(picker()).toHaveAttribute('accept', 'video/*,application/pdf,.las');
    pick(new File(['x'], 'a.mp4', { type: 'video/mp4' }), new File(['x'], 'b.pdf', { type: 'application/pdf' }), new File(['x'], 'c.LAS', { type: '' }));
    expect(screen.getByText('3 files selected')).toBeInTheDocument();
    pick(image('d.jpg'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type. (Allowed types - video/*, application/pdf, .las)');
  });

  it('Clear also empties the error; a valid choice replaces it', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    pick(new File(['x'], 'a.txt', { type: 'text/plain' }));
    fireEvent.click(clearButton()!);
    expect(screen.queryByRole('alert')).toBeNull();
    pick(new File(['x'], 'a.txt', { type: 'text/plain' }));
    pick(image('a.jpg'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('1 file selected')).toBeInTheDocument();
  });

  it('speaks German', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />, { locale: 'de' });
    expect(screen.getByText('Verzeichnis zum Hochladen auswählen')).toBeInTheDocument();
    pick(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ungültiger Dateityp. (Erlaubte Typen - image/*)');
  });
});

describe('FileUpload folder drop', () => {
  const tree = () =>
    dirEntry('site', [
      fileEntry('site/a.jpg', image('a.jpg')),
      dirEntry('site/floor1', [
        fileEntry('site/floor1/b.png', image('b.png', 'image/png')),
        dirEntry('site/floor1/deep', [fileEntry('site/floor1/deep/c.jpg', image('c.jpg'))]),
        fileEntry('site/floor1/d.jpg', image('d.jpg')),
      ]),
      fileEntry('site/e.jpg', image('e.jpg')),
    ]);

  it('walks dropped folders recursively, keeping relative paths', async () => {
    const onUpload = jest.fn();
    renderWithIntl(<FileUpload onUpload={onUpload} />);
    drop(tree());
    expect(await screen.findByText('5 files selected')).toBeInTheDocument();
    fireEvent.click(uploadButton()!);
    const selection = onUpload.mock.calls[0]![0] as UploadSelection;
    expect([...selection.paths].sort()).toEqual(['site/a.jpg', 'site/e.jpg', 'site/floor1/b.png', 'site/floor1/d.jpg', 'site/floor1/deep/c.jpg']);
  });

  it('drops the whole folder when one nested file has the wrong type', async () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    drop(dirEntry('site', [fileEntry('site/a.jpg', image('a.jpg')), dirEntry('site/x', [fileEntry('site/x/readme.txt', new File(['x'], 'readme.txt', { type: 'text/plain' }))])]));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid file type. (Allowed types - image/*)');
    expect(uploadButton()).toBeNull();
  });

  it('accepts dropping onto the zone (drag over is allowed)', () => {
    renderWithIntl(<FileUpload onUpload={jest.fn()} />);
    expect(fireEvent.dragOver(zone(), { dataTransfer: { dropEffect: 'none' } })).toBe(false);
    expect(zone()).toHaveClass('dragging');
  });
});

describe('FileUpload is inert while disabled or uploading', () => {
  it.each([
    ['disabled', { disabled: true }],
    ['uploading', { uploading: true }],
  ])('%s: picker disabled, drops and picks ignored', async (_name, props) => {
    const onUpload = jest.fn();
    renderWithIntl(<FileUpload {...props} onUpload={onUpload} />);
    expect(picker()).toBeDisabled();
    expect(zone()).toHaveAttribute('aria-disabled', 'true');
    drop(dirEntry('site', [fileEntry('site/a.jpg', image('a.jpg'))]));
    pick(image('b.jpg'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByText(/selected/)).toBeNull();
    expect(uploadButton()).toBeNull();
  });

  it('stops being inert when enabled again', async () => {
    const { rerender } = renderWithIntl(<FileUpload disabled onUpload={jest.fn()} />);
    rerender(<FileUpload onUpload={jest.fn()} />);
    drop(dirEntry('site', [fileEntry('site/a.jpg', image('a.jpg'))]));
    await waitFor(() => expect(within(root()).getByText('1 file selected')).toBeInTheDocument());
  });
});

describe('FileUpload per-file transfers', () => {
  const files = [
    { name: 'scan1.las', percent: 40, status: 'uploading' as const, speed: 12_500_000, secondsLeft: 75 },
    { name: 'scan2.las', percent: 10, status: 'paused' as const },
    { name: 'scan3.las', percent: 0, status: 'error' as const, error: 'The file is larger than allowed' },
  ];

  it('shows speed, time left and the pause, resume and cancel buttons each file allows', () => {
    const onFileAction = jest.fn();
    renderWithIntl(<FileUpload uploading onUpload={jest.fn()} progress={{ files }} onFileAction={onFileAction} />);
    expect(screen.getByText('12.5 MB/s · 2 minutes left')).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByText('The file is larger than allowed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pause the upload of scan1.las' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume the upload of scan2.las' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of scan3.las' }));
    expect(onFileAction.mock.calls).toEqual([[0, 'pause'], [1, 'resume'], [2, 'cancel']]);
    expect(screen.queryByRole('button', { name: 'Resume the upload of scan1.las' })).toBeNull();
  });

  it('keeps failed files listed with their reason after the transfers, and lets them resume', () => {
    const onFileAction = jest.fn();
    renderWithIntl(<FileUpload onUpload={jest.fn()} progress={{ files: [{ name: 'ok.las', percent: 100, status: 'finished' }, files[2]!] }} onFileAction={onFileAction} />);
    expect(root()).toHaveAttribute('data-state', 'idle');
    expect(screen.queryByText('Uploading')).toBeNull();
    expect(screen.queryByText('ok.las')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume the upload of scan3.las' }));
    expect(onFileAction).toHaveBeenCalledWith(1, 'resume');
  });

  it('speaks German', () => {
    renderWithIntl(<FileUpload uploading onUpload={jest.fn()} progress={{ files: [{ ...files[0]!, secondsLeft: 1 }] }} onFileAction={jest.fn()} />, { locale: 'de' });
    expect(screen.getByText('12,5 MB/s · noch 1 Sekunde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hochladen von scan1.las pausieren' })).toHaveTextContent('Pausieren');
  });
});
