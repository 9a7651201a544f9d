/**
 * The Reports tab's charts, drawn with Recharts. Only the lazily loaded insights section imports
 * this module, so the chart library never reaches the home page or the dashboard's first load.
 * Every chart is decorative for assistive technology: its ChartPanel carries the same numbers
 * as a table.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One series of a chart: a key of the data rows, its legend name and colour. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** Drawn dashed (last year's line). */
  dashed?: boolean;
}

export interface CartesianChartProps {
  /** One row per category; a null value is a gap (a rate without nights to divide by). */
  data: readonly Record<string, string | number | null>[];
  /** The key of the category (x axis) labels. */
  xKey: string;
  series: readonly ChartSeries[];
  /** How values read on the axis and in the tooltip. */
  format: (value: number) => string;
}

/** Colours of the series: forest and navy of the theme, then amber and muted tones. */
export const CHART_COLORS = ['#2f6f4f', '#2c4f70', '#d99a2b', '#7a9cbc', '#9bbfa9'] as const;

const axis = { fontSize: 12, fill: '#4b5563' };
const tooltipFormatter = (format: (v: number) => string) => (value: unknown) =>
  typeof value === 'number' ? format(value) : String(value);

/** Bars side by side per category (this year against last year, a distribution). */
export function GroupedBarChart({ data, xKey, series, format }: CartesianChartProps) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      {/* The picture is aria-hidden (its table is the accessible one): nothing in it takes the focus. */}
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={xKey} tick={axis} tickLine={false} />
        <YAxis tick={axis} tickFormatter={format} width={72} />
        <Tooltip formatter={tooltipFormatter(format)} />
        {series.length > 1 ? <Legend /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Lines over categories (rates by month, visits by day). */
export function MultiLineChart({ data, xKey, series, format }: CartesianChartProps) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={xKey} tick={axis} tickLine={false} minTickGap={16} />
        <YAxis tick={axis} tickFormatter={format} width={72} allowDecimals={false} />
        <Tooltip formatter={tooltipFormatter(format)} />
        {series.length > 1 ? <Legend /> : null}
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? '5 4' : undefined}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

export interface DonutChartProps {
  data: readonly { name: string; value: number }[];
  format: (value: number) => string;
}

/** Shares of a whole (the channel mix). */
export function DonutChart({ data, format }: DonutChartProps) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <PieChart>
        <Pie
          data={[...data]}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="85%"
          paddingAngle={1}
          isAnimationActive={false}
        >
          {data.map((d, i) => (
            <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={tooltipFormatter(format)} />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
