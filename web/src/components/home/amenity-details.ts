import Check from 'lucide-react/icons/check';
import CircleDot from 'lucide-react/icons/circle-dot';
import Flame from 'lucide-react/icons/flame';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import MountainSnow from 'lucide-react/icons/mountain-snow';
import Waves from 'lucide-react/icons/waves';
import Wifi from 'lucide-react/icons/wifi';
import type { AmenityKey } from '@ridgeline/core';
import type { ComponentType, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * The icons of the six amenities of [home.amenities]. Every other amenity of core's catalogue
 * ([listing.amenities]) shows a check mark: an icon each would add about 5 KB to the home page's
 * first load (web/e2e/first-load-budget.spec.ts).
 */
const ICONS: Partial<Record<AmenityKey, Icon>> = {
  wifi: Wifi,
  firepit: Flame,
  gameRoom: Gamepad2,
  poolTable: CircleDot,
  hotTub: Waves,
  mountainView: MountainSnow,
};

/** The icon the home page shows beside an amenity. */
export function amenityIcon(key: AmenityKey): Icon {
  return ICONS[key] ?? Check;
}
