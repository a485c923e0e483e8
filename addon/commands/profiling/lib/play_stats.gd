@tool
extends RefCounted
## The figures of a play report and the verdicts of two reports compared (profiling.play_report,
## profiling.compare_reports). Pure: frame times and events in, Dictionaries out. docs/frames.md says
## what each figure means.

## A spike is a frame at least spike_factor times the median and at least this much longer than it, in ms
## (so a 0.2 ms frame after 0.1 ms ones is no spike).
const SPIKE_MIN_EXCESS_MS := 2.0
## A spike is attributed to the last input or event seen at most this long before it.
const ATTRIBUTION_MS := 1000.0
## Every figure compared: which way is better, and the smallest change that counts whatever the tolerance.
const FIGURES := [
	{"name": "fps_avg", "better": "higher", "floor": 1.0},
	{"name": "p50_ms", "better": "lower", "floor": 0.25},
	{"name": "p95_ms", "better": "lower", "floor": 0.25},
	{"name": "p99_ms", "better": "lower", "floor": 0.25},
	{"name": "low_1pct_fps", "better": "higher", "floor": 1.0},
	{"name": "max_ms", "better": "lower", "floor": 0.5},
	{"name": "spikes_per_1000", "better": "lower", "floor": 1.0},
]


## The nearest-rank percentile of ascending `sorted`: the smallest value with at least p % of the values at
## or below it.
static func percentile(sorted: Array, p: float) -> float:
	if sorted.is_empty():
		return 0.0
	return sorted[clampi(ceili(p / 100.0 * sorted.size()) - 1, 0, sorted.size() - 1)]


## {figures, spikes}: `frame_ms` one value per frame in order; `events` [[frame, kind, what], ...] in order.
static func report(frame_ms: Array, events: Array, spike_factor: float) -> Dictionary:
	var n := frame_ms.size()
	var sorted := frame_ms.duplicate()
	sorted.sort()
	var total := 0.0
	for v: float in frame_ms:
		total += v
	var slowest := maxi(1, ceili(n / 100.0))  # the 1 % low: the mean of the slowest 1 % of frames
	var low := 0.0
	for v: float in sorted.slice(n - slowest):
		low += v
	low /= slowest
	var p50 := percentile(sorted, 50)
	var spikes: Array = []
	for i: int in n:
		var ms: float = frame_ms[i]
		if ms >= p50 * spike_factor and ms - p50 >= SPIKE_MIN_EXCESS_MS:
			spikes.append({"frame": i, "ms": ms, "times_median": snappedf(ms / p50, 0.01) if p50 > 0 else 0.0, "after": _cause(i, frame_ms, events)})
	var figures := {
		"frames": n,
		"duration_ms": snappedf(total, 0.001),
		"fps_avg": snappedf(1000.0 * n / total, 0.01) if total > 0 else 0.0,
		"p50_ms": p50,
		"p95_ms": percentile(sorted, 95),
		"p99_ms": percentile(sorted, 99),
		"max_ms": sorted[-1] if n > 0 else 0.0,
		"low_1pct_ms": snappedf(low, 0.001),
		"low_1pct_fps": snappedf(1000.0 / low, 0.01) if low > 0 else 0.0,
		"spikes": spikes.size(),
		"spikes_per_1000": snappedf(1000.0 * spikes.size() / n, 0.01) if n > 0 else 0.0,
	}
	return {"figures": figures, "spikes": spikes}


## The last event seen in the spike's frame or before it, within ATTRIBUTION_MS: {kind, what, frame,
## frames_before, ms_before}, or null.
static func _cause(frame: int, frame_ms: Array, events: Array) -> Variant:
	for k: int in range(events.size() - 1, -1, -1):
		var e: Array = events[k]
		var at := int(e[0])
		if at > frame:
			continue
		var before := 0.0
		for j: int in range(at, frame):
			before += float(frame_ms[j])
		if before > ATTRIBUTION_MS:
			return null
		return {"kind": e[1], "what": e[2], "frame": at, "frames_before": frame - at, "ms_before": snappedf(before, 0.001)}
	return null


## [{name, baseline, current, change, change_pct, better, verdict, ok, message}] for each figure: worse or
## better when it moved the wrong or right way by more than `tolerance` (a fraction of the baseline) and
## more than the figure's floor, else same.
static func compare(baseline: Dictionary, current: Dictionary, tolerance: float) -> Array:
	var checks: Array = []
	for f: Dictionary in FIGURES:
		var name: String = f.name
		if not baseline.has(name) or not current.has(name):
			continue
		var a := float(baseline[name])
		var b := float(current[name])
		var change := b - a
		var threshold := maxf(absf(a) * tolerance, f.floor)
		var gain := -change if f.better == "lower" else change
		var verdict := "same"
		if gain < -threshold:
			verdict = "worse"
		elif gain > threshold:
			verdict = "better"
		var pct: Variant = snappedf(100.0 * change / a, 0.1) if a != 0.0 else null
		checks.append({"name": name, "baseline": a, "current": b, "change": snappedf(change, 0.001), "change_pct": pct, "better": f.better,
				"verdict": verdict, "ok": verdict != "worse",
				"message": "%s: %s -> %s (%s%s); %s is better; %s" % [name, a, b, "+" if change >= 0 else "", "%s %%" % pct if pct != null else str(snappedf(change, 0.001)),
					f.better, verdict + (" (beyond %s %% and %s)" % [snappedf(tolerance * 100.0, 0.1), f.floor] if verdict != "same" else "")]})
	return checks
