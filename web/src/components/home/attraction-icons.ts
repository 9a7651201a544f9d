import Apple from 'lucide-react/icons/apple';
import Droplets from 'lucide-react/icons/droplets';
import Sailboat from 'lucide-react/icons/sailboat';
import TrainFront from 'lucide-react/icons/train-front';
import type { ATTRACTIONS } from '@ridgeline/core';
import type { ComponentType, SVGProps } from 'react';

type AttractionKind = (typeof ATTRACTIONS)[number]['kind'];

/** An icon per kind of nearby attraction ([home.location]). */
export const ATTRACTION_ICONS: Record<AttractionKind, ComponentType<SVGProps<SVGSVGElement>>> = {
  'scenic railway': TrainFront,
  waterfall: Droplets,
  lake: Sailboat,
  orchard: Apple,
};
