/**
 * Ridgeline Owner: the Electron main process. Wires Electron's modules into the small, tested
 * pieces beside this file; nothing here is more than wiring.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, safeStorage, session, shell } from 'electron';
import { APP_ORIGIN, APP_SCHEME } from '../shared/ridgeline-api';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { registerIpcHandlers } from './ipc';
import { buildMenuTemplate } from './menu';
import { saveFile } from './save-file';
import { hardenWebContents, isTrustedSender, lockDownPermissions, secureWebPreferences } from './security';
import { createServerUrlStore } from './server-url-store';
import { createTokenStore } from './token-store';

// Vite's dev server (`npm run dev -w desktop`) replaces the app:// renderer in development only:
// a packaged app never loads a URL taken from its environment.
const devServerUrl = !app.isPackaged ? process.env.VITE_DEV_SERVER_URL : undefined;
const devServerOrigin = devServerUrl ? new URL(devServerUrl).origin : undefined;
const startUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;

const distDir = path.dirname(import.meta.dirname);
const rendererDir = path.join(distDir, 'renderer');
const preload = path.join(distDir, 'preload', 'preload.cjs');

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

let mainWindow: BrowserWindow | undefined;
const openExternal = (url: string) => void shell.openExternal(url);
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { devServerOrigin, openExternal }));

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 520,
    title: 'Ridgeline Owner',
    show: false,
    backgroundColor: '#faf7f2',
    webPreferences: secureWebPreferences(preload),
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  void win.loadURL(startUrl);
  return win;
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const chromiumFetch = (url: string, init?: RequestInit) => net.fetch(url, init);
  const serverUrls = await createServerUrlStore({ file: path.join(userData, 'settings.json'), fetch: chromiumFetch });
  const tokens = createTokenStore({ file: path.join(userData, 'tokens.json'), safeStorage });

  lockDownPermissions(session.defaultSession, devServerOrigin);
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({ rendererDir, getServerUrl: serverUrls.get, fetch: chromiumFetch }),
  );
  registerIpcHandlers(ipcMain, {
    isTrustedSender: (event) => isTrustedSender(event, mainWindow?.webContents.id, devServerOrigin),
    serverUrls,
    tokens,
    saveFile: (request) =>
      saveFile(request, {
        showSaveDialog: (options) =>
          mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
        writeFile: (file, content) => writeFile(file, content, 'utf8'),
        defaultDir: app.getPath('downloads'),
      }),
  });
  const setupUrl = devServerUrl ? `${devServerUrl}#/setup` : `${APP_ORIGIN}/index.html#/setup`;
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        isMac: process.platform === 'darwin',
        devTools: !app.isPackaged,
        onChangeServer: () => void mainWindow?.loadURL(setupUrl),
      }),
    ),
  );
  mainWindow = createWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && !mainWindow) mainWindow = createWindow();
  });
  app.whenReady().then(start, (err: unknown) => {
    dialog.showErrorBox('Ridgeline Owner could not start', String(err));
    app.quit();
  });
}
