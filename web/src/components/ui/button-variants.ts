import { cva } from 'class-variance-authority';

/**
 * shadcn/ui button styles, in Ridgeline's palette. No two parts of one result set the same
 * property (the radius and text size live in `size`), so `buttonVariants(...)` is a final class
 * list without tailwind-merge: the home page's links use it with `cx`, everything else through
 * `<Button>` (which still merges a caller's `className`). In its own module so the first load
 * gets the styles without `<Button>`'s merge code.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-navy-700',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-amber-300',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-card shadow-sm hover:bg-secondary hover:text-secondary-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-secondary hover:text-secondary-foreground',
        link: 'text-forest-700 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 rounded-md px-4 py-2 text-sm',
        sm: 'h-9 rounded-md px-3 text-xs',
        lg: 'h-12 rounded-md px-6 text-base',
        icon: 'size-10 rounded-md text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
