/** The application menu: the usual roles plus "Change Server…" (the address set at first run). */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  isMac: boolean;
  /** Development builds keep the developer tools; a packaged app does not offer them. */
  devTools: boolean;
  onChangeServer: () => void;
}

export function buildMenuTemplate({ isMac, devTools, onChangeServer }: MenuOptions): MenuItemConstructorOptions[] {
  const changeServer: MenuItemConstructorOptions = { label: 'Change Server…', click: onChangeServer };
  return [
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [changeServer, { type: 'separator' }, isMac ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(devTools ? [{ role: 'toggleDevTools' } satisfies MenuItemConstructorOptions] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
