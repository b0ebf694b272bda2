import { isDeadEnd, selectedKeys, toggleKey } from './panel-state.ts'
import type { WidgetProps } from './widget-props.ts'

/** Seed section 2: the multiselect widget, a list of checkboxes with their product counts. */
export function MultiselectFilter({ filter, selection, onChange }: WidgetProps) {
  const keys = selectedKeys(selection)
  return (
    <ul className="space-y-0.5">
      {filter.values.map((value) => {
        const checked = keys.includes(value.key)
        const disabled = isDeadEnd(value.count, checked)
        return (
          <li key={value.key}>
            <label
              className={`flex items-center gap-2.5 rounded-md px-1 py-1.5 text-sm ${disabled ? 'text-stone-400' : 'cursor-pointer text-stone-700 hover:bg-stone-50'}`}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={(event) =>
                  onChange(toggleKey(filter, selection, value.key, event.currentTarget.checked))
                }
                className="size-4 shrink-0 rounded border-stone-400 accent-brand-700"
              />
              {value.icon && /^(\/|https?:)/.test(value.icon) ? (
                <img src={value.icon} alt="" width={16} height={16} className="size-4" />
              ) : null}
              <span className="min-w-0 flex-1">{value.name}</span>
              <span className="text-xs text-stone-500 tabular-nums">({value.count})</span>
            </label>
          </li>
        )
      })}
    </ul>
  )
}
