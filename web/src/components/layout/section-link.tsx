import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useSectionNavigation } from '@/hooks/use-section-navigation';

export interface SectionLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Id of the home page section, e.g. `gallery`. */
  sectionId: string;
  /**
   * Called instead of navigating, e.g. by the mobile menu, which closes first and then
   * navigates. Without it the link navigates itself.
   */
  onNavigate?: (sectionId: string) => void;
}

/** True for clicks the browser should handle itself: new tab/window, download, non-primary button. */
function isModifiedClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A real link to `/#{sectionId}` (so middle-click, copy link and no-JS fallbacks work) whose plain
 * click smooth-scrolls to the section, navigating to `/` first when elsewhere.
 */
export function SectionLink({ sectionId, onNavigate, onClick, children, ...props }: SectionLinkProps) {
  const goToSection = useSectionNavigation();
  return (
    <a
      href={`/#${sectionId}`}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isModifiedClick(event)) return;
        event.preventDefault();
        if (onNavigate) onNavigate(sectionId);
        else goToSection(sectionId);
      }}
      {...props}
    >
      {children}
    </a>
  );
}
