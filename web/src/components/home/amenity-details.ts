import CircleDot from 'lucide-react/icons/circle-dot';
import Flame from 'lucide-react/icons/flame';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import MountainSnow from 'lucide-react/icons/mountain-snow';
import Waves from 'lucide-react/icons/waves';
import Wifi from 'lucide-react/icons/wifi';
import type { AMENITIES } from '@ridgeline/core';
import type { ComponentType, SVGProps } from 'react';

export type AmenityName = (typeof AMENITIES)[number];

/** Icon and one-line description of each amenity; keyed by core's names so none is missed. */
export const AMENITY_DETAILS: Record<AmenityName, { Icon: ComponentType<SVGProps<SVGSVGElement>>; description: string }> = {
  'High-Speed WiFi': { Icon: Wifi, description: 'Fast, reliable internet for streaming, gaming and the odd video call.' },
  'Outdoor Firepit': { Icon: Flame, description: 'Circle up for s’mores and stories under the mountain stars.' },
  'Kids Gaming Room': { Icon: Gamepad2, description: 'A big screen, consoles and bean bags: the kids’ own hideout.' },
  'Pool Table': { Icon: CircleDot, description: 'Rack up a game in the lower lounge after a day on the trails.' },
  'Hot Tub': { Icon: Waves, description: 'Soak on the deck while the ridges fade from green to blue.' },
  'Mountain Views': { Icon: MountainSnow, description: 'Long-range Blue Ridge views from the deck and the great room.' },
};
