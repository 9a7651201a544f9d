/** Re-export so both shadcn import paths work (`@/hooks/use-toast`, `@/components/ui/use-toast`). */
export { toast, useToast, reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from '@/hooks/use-toast';
