/**
 * The preload (sandboxed, CommonJS): exposes exactly one frozen object, `window.ridgeline`
 * (../shared/ridgeline-api.ts). Each method forwards only its declared arguments, so the page
 * cannot pass anything else to the main process.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, type RidgelineApi } from '../shared/ridgeline-api';

const api: RidgelineApi = {
  getServerUrl: () => ipcRenderer.invoke(IPC_CHANNELS.getServerUrl),
  setServerUrl: (url) => ipcRenderer.invoke(IPC_CHANNELS.setServerUrl, url),
  getToken: (area) => ipcRenderer.invoke(IPC_CHANNELS.getToken, area),
  setToken: (area, token) => ipcRenderer.invoke(IPC_CHANNELS.setToken, area, token),
  clearToken: (area) => ipcRenderer.invoke(IPC_CHANNELS.clearToken, area),
  saveFile: (request) =>
    ipcRenderer.invoke(IPC_CHANNELS.saveFile, { suggestedName: request.suggestedName, content: request.content }),
};

contextBridge.exposeInMainWorld('ridgeline', Object.freeze(api));
